import { Download, FileText, X } from 'lucide-react';
import { DOCUMENT_TYPE_LABELS, formatDocumentSize, type DocumentType } from '../../core/documents';

export type ListedDocument = { id?: string; name: string; url?: string; size?: number; type?: DocumentType };

/** Documents by name, with size and type when known; each one with a url downloads; with `onRemove`, each can be removed. */
export function DocumentList<T extends ListedDocument>({
  documents,
  empty = 'No documents',
  onRemove,
}: {
  documents: T[];
  empty?: string;
  onRemove?: (doc: T) => void;
}) {
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-1.5" data-testid="documents">
      {documents.map((doc, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a submission's documents may share a name and carry no id; the list is never reordered.
        <li key={`${doc.name}-${i}`} className="flex min-w-0 items-center gap-2 rounded-md bg-muted px-2 py-1.5 text-sm">
          <FileText className="h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1 truncate" title={doc.name}>
            {doc.url ? (
              <a href={doc.url} download={doc.name} className="font-medium text-brand hover:underline">
                {doc.name}
              </a>
            ) : (
              doc.name
            )}
          </span>
          {(doc.size !== undefined || doc.type) && (
            <span className="shrink-0 text-xs text-muted-foreground">
              {[doc.type && DOCUMENT_TYPE_LABELS[doc.type], doc.size !== undefined && formatDocumentSize(doc.size)]
                .filter(Boolean)
                .join(' · ')}
            </span>
          )}
          {doc.url && <Download className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />}
          {onRemove && (
            <button
              type="button"
              onClick={() => onRemove(doc)}
              aria-label={`Remove ${doc.name}`}
              className="shrink-0 rounded p-0.5 text-muted-foreground hover:bg-card hover:text-foreground"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

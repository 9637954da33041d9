import { X } from 'lucide-react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MESSAGES,
  documentProblem,
  formatDocumentSize,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
} from '../../../core/documents';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';

const DOCUMENTS_HINT = `PDF, JPEG, PNG or WebP, up to ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB each, at most ${MAX_DOCUMENTS}: business permit, ID, proof of the space.`;

/**
 * Chooses documents to file with an owner application. Files the rules refuse are left out with a toast,
 * as the server would answer; `room` is how many more the application takes.
 */
export function DocumentsPicker({
  id,
  files,
  onChange,
  room = MAX_DOCUMENTS,
}: {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
  room?: number;
}) {
  const add = (picked: File[]) => {
    const refused = picked.map((file) => [file, documentProblem(file)] as const).filter(([, problem]) => problem);
    for (const [file, problem] of refused)
      toast({ title: 'Document Not Added', description: `${file.name}: ${problem}`, variant: 'destructive' });
    const accepted = picked.filter((file) => !documentProblem(file));
    if (files.length + accepted.length > room)
      toast({ title: 'Too Many Documents', description: DOCUMENT_MESSAGES.count, variant: 'destructive' });
    onChange([...files, ...accepted].slice(0, room));
  };
  return (
    <Field label="Documents" htmlFor={id} hint={DOCUMENTS_HINT}>
      <Input
        id={id}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        disabled={files.length >= room}
        className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-foreground"
        onChange={(e) => {
          add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {files.length > 0 && (
        <ul className="space-y-1" aria-label="Chosen documents">
          {files.map((file, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: chosen files have no id and may share a name; the rows hold no state.
            <li key={`${file.name}-${i}`} className="flex min-w-0 items-center gap-2 rounded-md bg-muted px-2 py-1 text-sm">
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatDocumentSize(file.size)}</span>
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                className="shrink-0 rounded p-0.5 hover:bg-card"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <X className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}

import { useState } from 'react';
import { MAX_DOCUMENTS } from '../../../core/documents';
import { DocumentList } from '../../components/document-list';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useRemoveDocument, useUploadDocuments, type OwnApplication } from '../../lib/owner-application';
import { DocumentsPicker } from './documents-picker';

type Document = OwnApplication['documents'][number];

/** The application's documents, and adding or removing them while it is pending. */
export function ApplicationDocuments({ application }: { application: OwnApplication }) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadDocuments();
  const remove = useRemoveDocument();
  const [removing, setRemoving] = useState<Document | null>(null);
  const pending = application.status === 'pending';

  const send = () =>
    upload.mutate(files, {
      onSuccess: ({ uploaded, failed }) => {
        setFiles([]);
        if (uploaded)
          toast({
            title: 'Documents Uploaded',
            description: `${uploaded} document${uploaded === 1 ? '' : 's'} added to your application.`,
          });
        for (const { name, message } of failed)
          toast({ title: 'Upload Failed', description: `${name}: ${message}`, variant: 'destructive' });
      },
    });

  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => toast({ title: 'Document Removed', description: `${removing.name} is no longer part of your application.` }),
      onError: (error) => toast({ title: 'Document Not Removed', description: error.message, variant: 'destructive' }),
    });

  return (
    <>
      <DocumentList documents={application.documents} empty="No documents yet." onRemove={pending ? setRemoving : undefined} />
      {pending && application.documents.length < MAX_DOCUMENTS && (
        <div className="space-y-3">
          <DocumentsPicker
            id="application-documents"
            files={files}
            onChange={setFiles}
            room={MAX_DOCUMENTS - application.documents.length}
          />
          <Button onClick={send} disabled={files.length === 0 || upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload documents'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove Document"
        description={removing ? `Remove ${removing.name} from your owner application?` : ''}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
      />
    </>
  );
}

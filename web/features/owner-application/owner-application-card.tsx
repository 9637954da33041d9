import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_DOCUMENTS } from '../../../core/documents';
import { SIGNUP_ROLE_LABELS } from '../../../core/roles';
import { formatDateTime } from '../../../core/time';
import { DocumentList } from '../../components/document-list';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { ownApplicationQuery, useRemoveDocument, useUploadDocuments, type OwnApplication } from '../../lib/owner-application';
import { ReviewBadge } from '../admin/review-badge';
import { DocumentsPicker } from './documents-picker';

/** In Settings, for someone who applied to be an owner: the application's state and its documents, and adding more while pending. */
export function OwnerApplicationCard() {
  const { data: application } = useQuery(ownApplicationQuery);
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadDocuments();
  const remove = useRemoveDocument();
  const [removing, setRemoving] = useState<OwnApplication['documents'][number] | null>(null);
  if (!application) return null;
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
    <Card className="mt-6 space-y-3" data-testid="owner-application">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">Owner application</h2>
          <p className="text-sm text-muted-foreground">
            {SIGNUP_ROLE_LABELS[application.applicantRole]} · submitted {formatDateTime(application.submittedAt)}
          </p>
        </div>
        <ReviewBadge status={application.status} />
      </div>
      {application.decisionReason && <p className="text-sm">Reason: {application.decisionReason}</p>}
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
    </Card>
  );
}

import { reportSchema } from '../../../core/review-request';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';
import { useReportReview } from '../../lib/reviews';

/** Reports a review to Parkada, with why: the super admin hides it or keeps it. */
export function ReportDialog({ reviewId, onClose }: { reviewId: string; onClose: () => void }) {
  const form = useSchemaForm(reportSchema, { reason: '' });
  const report = useReportReview();
  const submit = ({ reason }: { reason: string }) =>
    report.mutate(
      { id: reviewId, reason },
      {
        onSuccess: () => {
          toast({ title: 'Review reported', description: 'Thank you. Parkada will look at it.' });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Not reported', description: error.message.replace(/^\d+: /, ''), variant: 'destructive' });
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Report this review">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
        <FormField label="What is wrong with it?" htmlFor="report-reason" error={form.formState.errors.reason}>
          <Textarea id="report-reason" rows={3} {...form.register('reason')} />
        </FormField>
        <DialogButtons onCancel={onClose} submitLabel="Report" pending={report.isPending} />
      </form>
    </Dialog>
  );
}

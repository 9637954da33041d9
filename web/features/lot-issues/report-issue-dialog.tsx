import { useWatch } from 'react-hook-form';
import { lotIssueSchema, type LotIssueInput } from '../../../core/lot-issue-request';
import { ISSUE_PHOTO_ACCEPT, LOT_ISSUE_CATEGORIES, LOT_ISSUE_CATEGORY_LABELS, LOT_ISSUE_TEXT_MAX } from '../../../core/lot-issues';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Select, Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';
import { useChosenPhoto } from '../../lib/use-chosen-photo';
import { useReportIssue } from '../../lib/lot-issues';

/**
 * Report an Issue, to the lot's staff: a category, what happened, and a photo if it helps. From a
 * reservation, the report names it (and a taken slot then offers a refund or another slot).
 */
export default function ReportIssueDialog({
  lotId,
  lotName,
  reservationId,
  onClose,
}: {
  lotId: string;
  lotName: string;
  reservationId?: string;
  onClose: () => void;
}) {
  const form = useSchemaForm(lotIssueSchema, { category: '' as LotIssueInput['category'], text: '', reservationId });
  const { register, formState } = form;
  const [category, text] = useWatch({ control: form.control, name: ['category', 'text'] });
  const { photo, problem: photoProblem, pick: pickPhoto } = useChosenPhoto();
  const report = useReportIssue(lotId);

  const submit = (json: LotIssueInput) =>
    report.mutate(
      { json, photo },
      {
        onSuccess: () => {
          toast({ title: 'Issue Reported', description: `${lotName}'s staff can see it now. Replies appear under Your Reports.` });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Report Failed', description: error.message, variant: 'destructive' });
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Report an Issue">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
        <p className="text-sm text-muted-foreground">Sent to the staff of {lotName}.</p>
        <FormField label="What is it about?" htmlFor="issue-category" error={formState.errors.category}>
          <Select id="issue-category" {...register('category')}>
            <option value="">Choose a category</option>
            {LOT_ISSUE_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {LOT_ISSUE_CATEGORY_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="What happened?" htmlFor="issue-text" error={formState.errors.text}>
          <Textarea id="issue-text" rows={4} maxLength={LOT_ISSUE_TEXT_MAX} {...register('text')} />
        </FormField>
        <FormField label="Photo (optional)" htmlFor="issue-photo" hint="JPEG, PNG, WebP or HEIC, up to 5 MB" error={photoProblem}>
          <Input id="issue-photo" type="file" accept={ISSUE_PHOTO_ACCEPT} onChange={(e) => pickPhoto(e.target.files?.[0] ?? null)} />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!category || !text.trim() || report.isPending}>
            {report.isPending ? 'Sending...' : 'Send Report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

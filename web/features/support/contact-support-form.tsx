import { useWatch } from 'react-hook-form';
import { ISSUE_PHOTO_ACCEPT } from '../../../core/lot-issues';
import { useChosenPhoto } from '../../lib/use-chosen-photo';
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, SUPPORT_SUBJECT_MAX, SUPPORT_TEXT_MAX } from '../../../core/support';
import { supportRequestSchema, type SupportRequestInput } from '../../../core/support-request';
import { Button } from '../../components/ui/button';
import { Input, Select, Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';
import { useWriteToSupport } from '../../lib/support';

const EMPTY: SupportRequestInput = { category: '' as SupportRequestInput['category'], subject: '', text: '' };

/** Contact support: what it is about, a subject, the message, and a picture if it helps (a screenshot, a receipt). */
export function ContactSupportForm() {
  const form = useSchemaForm(supportRequestSchema, EMPTY);
  const { register, formState } = form;
  const [subject, text] = useWatch({ control: form.control, name: ['subject', 'text'] });
  const { photo: file, problem: fileProblem, pick } = useChosenPhoto();
  const write = useWriteToSupport();

  const submit = (json: SupportRequestInput) =>
    write.mutate(
      { json, file },
      {
        onSuccess: () => {
          toast({ title: 'Request Sent', description: 'Support replies under My requests, and we notify you.' });
          form.reset(EMPTY);
          pick(null);
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Request Not Sent', description: error.message, variant: 'destructive' });
        },
      },
    );

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
      <FormField label="What is it about?" htmlFor="support-category" error={formState.errors.category}>
        <Select id="support-category" {...register('category')}>
          <option value="">Choose a topic</option>
          {SUPPORT_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {SUPPORT_CATEGORY_LABELS[value]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Subject" htmlFor="support-subject" error={formState.errors.subject}>
        <Input id="support-subject" maxLength={SUPPORT_SUBJECT_MAX} {...register('subject')} />
      </FormField>
      <FormField label="Message" htmlFor="support-text" error={formState.errors.text}>
        <Textarea id="support-text" rows={5} maxLength={SUPPORT_TEXT_MAX} {...register('text')} />
      </FormField>
      <FormField label="Picture (optional)" htmlFor="support-file" hint="JPEG, PNG, WebP or HEIC, up to 5 MB" error={fileProblem}>
        <Input id="support-file" type="file" accept={ISSUE_PHOTO_ACCEPT} onChange={(e) => pick(e.target.files?.[0] ?? null)} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={!subject.trim() || !text.trim() || write.isPending}>
          {write.isPending ? 'Sending...' : 'Send to Support'}
        </Button>
      </div>
    </form>
  );
}

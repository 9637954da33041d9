import { APPLICATION_NOTES_MAX, ownerApplicationSchema, type OwnerApplicationPapers } from '../../../core/owner-application';
import { OWNER_SIGNUP_ROLES, SIGNUP_ROLE_LABELS } from '../../../core/roles';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input, Select, Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { useFileApplication, type OwnApplication } from '../../lib/owner-application';

/** What the dialog is for: a first application, an edit while pending, or a rejected one sent again. */
const PURPOSES = {
  apply: { title: 'Become a Lot Owner', submit: 'Apply', done: 'Your application is waiting for review.' },
  edit: { title: 'Edit Application', submit: 'Save', done: 'Your papers were saved.' },
  resubmit: { title: 'Edit and Resubmit', submit: 'Resubmit', done: 'Your application is waiting for review again.' },
};
export type Purpose = keyof typeof PURPOSES;

const papersOf = (application: OwnApplication | null): OwnerApplicationPapers => ({
  applicantRole: application?.applicantRole ?? 'space_owner',
  businessName: application?.businessName ?? '',
  businessLicense: application?.businessLicense ?? '',
  taxId: application?.taxId ?? '',
  notes: application?.notes ?? '',
});

/** The owner application's papers on the core schema; the server's 400 issues land under their fields. */
export function ApplicationDialog({
  application,
  purpose,
  onClose,
}: {
  application: OwnApplication | null;
  purpose: Purpose;
  onClose: () => void;
}) {
  const words = PURPOSES[purpose];
  const form = useSchemaForm(ownerApplicationSchema, papersOf(application));
  const file = useFileApplication();
  const errors = form.formState.errors;
  const send = form.handleSubmit(
    (papers) =>
      file.mutate(papers, {
        onSuccess: () => {
          toast({ title: 'Application Sent', description: words.done });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'Not Sent', description: error.message, variant: 'destructive' });
        },
      }),
    toastFirstProblem('Not Sent'),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={words.title}>
      <form className="max-h-[70vh] space-y-4 overflow-y-auto pr-1" onSubmit={send} noValidate>
        <FormField label="Applying as" htmlFor="application-role" error={errors.applicantRole}>
          <Select id="application-role" {...form.register('applicantRole')}>
            {OWNER_SIGNUP_ROLES.map((role) => (
              <option key={role} value={role}>
                {SIGNUP_ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Business name" htmlFor="application-business" error={errors.businessName}>
          <Input id="application-business" autoComplete="organization" {...form.register('businessName')} />
        </FormField>
        <FormField label="Business permit or licence no." htmlFor="application-license" error={errors.businessLicense}>
          <Input id="application-license" {...form.register('businessLicense')} />
        </FormField>
        <FormField label="TIN" htmlFor="application-tin" hint="BIR format, with the branch code: 123-456-789-000" error={errors.taxId}>
          <Input id="application-tin" inputMode="numeric" placeholder="123-456-789-000" {...form.register('taxId')} />
        </FormField>
        <FormField label="Notes to the reviewer (optional)" htmlFor="application-notes" error={errors.notes}>
          <Textarea id="application-notes" rows={3} maxLength={APPLICATION_NOTES_MAX} {...form.register('notes')} />
        </FormField>
        <DialogButtons onCancel={onClose} submitLabel={file.isPending ? 'Sending…' : words.submit} pending={file.isPending} />
      </form>
    </Dialog>
  );
}

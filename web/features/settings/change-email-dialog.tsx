import { emailChangeSchema } from '../../../core/verification';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useRequestEmailChange } from '../../lib/account';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';

/** Change e-mail: the new address and the password; a link goes to the new address, and nothing changes until it is opened. */
export function ChangeEmailDialog({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(emailChangeSchema, { newEmail: '', password: '' });
  const { register, formState } = form;
  const request = useRequestEmailChange();

  const submit = form.handleSubmit(
    (change) =>
      request.mutate(change, {
        onSuccess: ({ message }) => {
          toast({ title: 'Confirm Your New E-mail', description: message });
          onClose();
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          toast({ title: 'E-mail Not Changed', description: error.message, variant: 'destructive' });
        },
      }),
    toastFirstProblem('Check the form'),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Change e-mail">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          label="New Email"
          htmlFor="new-email"
          hint="We send a link there; your e-mail changes when you open it."
          error={formState.errors.newEmail}
        >
          <Input id="new-email" type="email" autoComplete="email" {...register('newEmail')} />
        </FormField>
        <FormField label="Current Password" htmlFor="change-email-password" error={formState.errors.password}>
          <Input id="change-email-password" type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <DialogButtons onCancel={onClose} submitLabel={request.isPending ? 'Sending...' : 'Send link'} pending={request.isPending} />
      </form>
    </Dialog>
  );
}

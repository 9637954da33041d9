import { useState, type FormEvent } from 'react';
import { emailChangeSchema } from '../../../core/verification';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { useRequestEmailChange } from '../../lib/account';

/** Change e-mail: the new address and the password; a link goes to the new address, and nothing changes until it is opened. */
export function ChangeEmailDialog({ onClose }: { onClose: () => void }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const request = useRequestEmailChange();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailChangeSchema.safeParse({ newEmail, password });
    if (!checked.success) return toast({ title: 'Check the form', description: checked.error.issues[0]?.message, variant: 'destructive' });
    request.mutate(checked.data, {
      onSuccess: ({ message }) => {
        toast({ title: 'Confirm Your New E-mail', description: message });
        onClose();
      },
      onError: (error) => toast({ title: 'E-mail Not Changed', description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Change e-mail">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="New Email" htmlFor="new-email" hint="We send a link there; your e-mail changes when you open it.">
          <Input id="new-email" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        </Field>
        <Field label="Current Password" htmlFor="change-email-password">
          <Input
            id="change-email-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

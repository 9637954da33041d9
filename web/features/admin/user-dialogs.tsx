import type { ReactNode } from 'react';
import type { z } from 'zod';
import { roleChangeSchema } from '../../../core/admin-request';
import { ROLE_LABELS, ROLES } from '../../../core/roles';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Select, Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useAccountChange, type AccountChange, type AdminUser } from '../../lib/admin';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';

type RoleChange = z.output<typeof roleChangeSchema>;

/** What the admin chose to do to a user, before confirming. */
export type PendingChange = { user: AdminUser; action: 'suspend' | 'reactivate' | 'role' };

const TITLES = { suspend: 'Suspend user', reactivate: 'Reactivate user', role: 'Change role' } as const;
const DONE = { suspend: 'User suspended', reactivate: 'User reactivated', role: 'Role changed' } as const;

const nameOf = (user: AdminUser) => `${user.firstName} ${user.lastName}`;

/** What each change does, said before the admin confirms it. */
function consequence(change: PendingChange): ReactNode {
  const name = <strong className="text-foreground">{nameOf(change.user)}</strong>;
  if (change.action === 'suspend')
    return <>Suspend {name}? Every session of theirs ends at once and signing in is refused until reactivated.</>;
  if (change.action === 'reactivate') return <>Reactivate {name}? They can sign in again.</>;
  return <>Give {name} another role. It takes effect at their next request.</>;
}

/**
 * The confirmation of a suspension, a reactivation or a role change, with an optional reason that
 * goes into the audit log; the server's schema checks the form.
 */
export function AccountChangeDialog({ pending, onClose }: { pending: PendingChange | null; onClose: () => void }) {
  if (!pending) return null;
  return <AccountChangeForm key={`${pending.user.id}:${pending.action}`} pending={pending} onClose={onClose} />;
}

function AccountChangeForm({ pending, onClose }: { pending: PendingChange; onClose: () => void }) {
  const { user, action } = pending;
  const form = useSchemaForm(roleChangeSchema, { role: user.role, reason: '' });
  const change = useAccountChange();
  const chosenRole = form.watch('role');
  const submit = ({ role, reason = '' }: RoleChange) => {
    const request: AccountChange = action === 'role' ? { id: user.id, action, role, reason } : { id: user.id, action, reason };
    change.mutate(request, {
      onSuccess: () => {
        toast({ title: DONE[action], description: action === 'role' ? `${nameOf(user)} is now ${ROLE_LABELS[role]}.` : nameOf(user) });
        onClose();
      },
      onError: (error) => {
        showIssuesOnFields(error, form);
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
      },
    });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={TITLES[action]}>
      <form className="space-y-4" noValidate onSubmit={form.handleSubmit(submit)}>
        <p className="text-muted-foreground">{consequence(pending)}</p>
        {action === 'role' && (
          <FormField label="New role" htmlFor="new-role" error={form.formState.errors.role}>
            <Select id="new-role" {...form.register('role')}>
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        <FormField label="Reason (optional)" htmlFor="account-change-reason" error={form.formState.errors.reason}>
          <Textarea id="account-change-reason" rows={3} maxLength={1000} {...form.register('reason')} />
        </FormField>
        <DialogButtons
          onCancel={onClose}
          submitLabel={change.isPending ? 'Processing...' : 'Confirm'}
          destructive={action === 'suspend'}
          pending={change.isPending || (action === 'role' && chosenRole === user.role)}
        />
      </form>
    </Dialog>
  );
}

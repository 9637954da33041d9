import { useState, type ReactNode } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../core/roles';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Field, Select, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { useAccountChange, type AccountChange, type AdminUser } from '../../lib/admin';

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
 * goes into the audit log.
 */
export function AccountChangeDialog({ pending, onClose }: { pending: PendingChange | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [role, setRole] = useState<Role | null>(null);
  const change = useAccountChange();
  const close = () => {
    setReason('');
    setRole(null);
    onClose();
  };
  if (!pending) return null;
  const { user, action } = pending;
  const chosenRole = role ?? user.role;
  const request: AccountChange = action === 'role' ? { id: user.id, action, role: chosenRole, reason } : { id: user.id, action, reason };
  const confirm = () =>
    change.mutate(request, {
      onSuccess: () => {
        toast({
          title: DONE[action],
          description: action === 'role' ? `${nameOf(user)} is now ${ROLE_LABELS[chosenRole]}.` : nameOf(user),
        });
        close();
      },
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && close()} title={TITLES[action]}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <p className="text-muted-foreground">{consequence(pending)}</p>
        {action === 'role' && (
          <Field label="New role" htmlFor="new-role">
            <Select id="new-role" value={chosenRole} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label="Reason (optional)" htmlFor="account-change-reason">
          <Textarea id="account-change-reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <DialogButtons
          onCancel={close}
          submitLabel={change.isPending ? 'Processing...' : 'Confirm'}
          destructive={action === 'suspend'}
          pending={change.isPending || (action === 'role' && chosenRole === user.role)}
        />
      </form>
    </Dialog>
  );
}

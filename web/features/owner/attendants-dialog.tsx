import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { attendantFormSchema, attendantFormValues } from '../../../core/attendant-form-input';
import { ROLE_LABELS } from '../../../core/roles';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { toastFirstProblem, useSchemaForm } from '../../lib/form';
import { formatDateTime } from '../../../core/time';
import {
  lotAttendantsQuery,
  lotInvitationsQuery,
  useAddAttendant,
  useWithdrawInvitation,
  useRemoveAttendant,
  type LotAttendant,
  type LotInvitation,
  type OwnerLot,
} from '../../lib/owner';

function AttendantRow({ attendant, onRemove }: { attendant: LotAttendant; onRemove: () => void }) {
  return (
    <li data-testid="lot-attendant" className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium">{attendant.name}</p>
        <p className="truncate text-sm text-muted-foreground">{attendant.email}</p>
        <p className="mt-1 flex flex-wrap gap-1 text-xs">
          <span
            className={
              attendant.onShift
                ? 'rounded-full bg-green-100 px-2 py-0.5 text-green-800 dark:bg-green-900/40 dark:text-green-200'
                : 'rounded-full bg-muted px-2 py-0.5'
            }
          >
            {attendant.onShift ? 'On shift' : 'Off shift'}
          </span>
          {attendant.role !== 'attendant' && <span className="rounded-full bg-muted px-2 py-0.5">{ROLE_LABELS[attendant.role]}</span>}
          {!attendant.emailVerified && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
              Address not confirmed yet
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        <Button size="sm" variant="outline" onClick={onRemove} aria-label={`Remove ${attendant.name}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

function InvitationRow({ invitation, pending, onWithdraw }: { invitation: LotInvitation; pending: boolean; onWithdraw: () => void }) {
  return (
    <li data-testid="lot-invitation" className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium">{invitation.name}</p>
        <p className="truncate text-sm text-muted-foreground">{invitation.email}</p>
        <p className="text-xs text-muted-foreground">Invited {formatDateTime(invitation.invitedAt)}</p>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={pending}
        onClick={onWithdraw}
        aria-label={`Withdraw the invitation to ${invitation.name}`}
      >
        Withdraw
      </Button>
    </li>
  );
}

/** Adds an attendant by e-mail; the names are needed only for a new account. */
function AddAttendantForm({ lot, onClose }: { lot: OwnerLot; onClose: () => void }) {
  const add = useAddAttendant(lot.id);
  const form = useSchemaForm(attendantFormSchema, attendantFormValues);
  const { errors } = form.formState;
  const submit = form.handleSubmit(
    (body) =>
      add.mutate(body, {
        onSuccess: ({ attendant, invitation }) => {
          if (invitation) {
            toast({
              title: 'Invitation Sent',
              description: `${invitation.name} will work ${lot.name} once they accept the invitation in their Parkada app.`,
            });
          } else if (attendant) {
            toast({
              title: 'Invitation E-mailed',
              description: `${attendant.name} works ${lot.name} once they set their password through the link sent to ${attendant.email}.`,
            });
          }
          form.reset();
        },
        onError: (error) => toast({ title: 'Attendant Not Added', description: error.message, variant: 'destructive' }),
      }),
    toastFirstProblem('Check the attendant'),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-border pt-4">
      <h3 className="text-sm font-semibold">Add an attendant</h3>
      <FormField
        label="Attendant Email"
        htmlFor="attendant-email"
        hint="An existing Parkada account is invited and works here once it accepts; a new e-mail gets an attendant account and a link to set its own password."
        error={errors.email}
      >
        <Input id="attendant-email" type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="First Name" htmlFor="attendant-first" error={errors.firstName}>
          <Input id="attendant-first" autoComplete="off" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last Name" htmlFor="attendant-last" error={errors.lastName}>
          <Input id="attendant-last" autoComplete="off" {...form.register('lastName')} />
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">Names are needed only for a new account.</p>
      <DialogButtons
        onCancel={onClose}
        cancelLabel="Close"
        submitLabel={add.isPending ? 'Adding...' : 'Add Attendant'}
        pending={add.isPending}
      />
    </form>
  );
}

/** Who works the lot's gate now, each with Remove. */
function AttendantList({ lotId, onRemove }: { lotId: string; onRemove: (attendant: LotAttendant) => void }) {
  const attendants = useQuery(lotAttendantsQuery(lotId));
  if (attendants.isPending) return <Spinner label="Loading attendants" compact />;
  if (attendants.isError) return <p className="text-sm text-destructive">{attendants.error.message}</p>;
  if (attendants.data.length === 0)
    return <p className="text-sm text-muted-foreground">Nobody works this lot's gate yet. You can, as its owner; add attendants below.</p>;
  return (
    <ul className="divide-y divide-border">
      {attendants.data.map((attendant) => (
        <AttendantRow key={attendant.id} attendant={attendant} onRemove={() => onRemove(attendant)} />
      ))}
    </ul>
  );
}

/** The invitations not answered yet, each with Withdraw. */
function PendingInvitations({ lotId }: { lotId: string }) {
  const invitations = useQuery(lotInvitationsQuery(lotId));
  const withdraw = useWithdrawInvitation(lotId);
  if (!invitations.data?.length) return null;
  return (
    <section aria-label="Invited" className="space-y-1">
      <h3 className="text-sm font-semibold">Invited, waiting for an answer</h3>
      <ul className="divide-y divide-border">
        {invitations.data.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            invitation={invitation}
            pending={withdraw.isPending}
            onWithdraw={() =>
              withdraw.mutate(invitation.id, {
                onSuccess: () => toast({ title: 'Invitation Withdrawn', description: `${invitation.email} can no longer accept it.` }),
                onError: (error) => toast({ title: 'Invitation Not Withdrawn', description: error.message, variant: 'destructive' }),
              })
            }
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * Who works the lot's gate: the list, add by e-mail (an existing account is invited and must accept; a
 * new e-mail gets an invitation link to set its own password), pending invitations with Withdraw, remove.
 */
export function AttendantsDialog({ lot, onClose }: { lot: OwnerLot; onClose: () => void }) {
  const remove = useRemoveAttendant(lot.id);
  const [removing, setRemoving] = useState<LotAttendant | null>(null);
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: ({ shiftEnded }) =>
        toast({
          title: 'Attendant Removed',
          description: `${removing.name} no longer works ${lot.name}.${shiftEnded ? ' Their open shift was ended.' : ''}`,
        }),
      onError: (error) => toast({ title: 'Attendant Not Removed', description: error.message, variant: 'destructive' }),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Attendants · ${lot.name}`}>
      <div className="max-h-[75vh] space-y-4 overflow-y-auto pr-1">
        <AttendantList lotId={lot.id} onRemove={setRemoving} />
        <PendingInvitations lotId={lot.id} />
        <AddAttendantForm lot={lot} onClose={onClose} />
      </div>
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove Attendant"
        description={
          removing ? `Remove ${removing.name} from ${lot.name}?${removing.onShift ? ' Their open shift will be ended.' : ''}` : ''
        }
        confirmLabel="Remove"
        onConfirm={confirmRemove}
      />
    </Dialog>
  );
}

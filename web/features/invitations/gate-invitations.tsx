import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { myInvitationsQuery, useAnswerInvitation, type GateInvitation } from '../../lib/invitations';

/**
 * Owners' invitations to work their lot's gate, each with Accept and Decline: an owner cannot make
 * anyone an attendant without this answer. Shown only while one waits; its screen's loader loads them.
 */
export function GateInvitations() {
  const invitations = useSuspenseQuery(myInvitationsQuery);
  const answer = useAnswerInvitation();
  if (!invitations.data.length) return null;

  const reply = (invitation: GateInvitation, verb: 'accept' | 'decline') =>
    answer.mutate(
      { id: invitation.id, answer: verb },
      {
        onSuccess: () =>
          toast(
            verb === 'accept'
              ? { title: 'Invitation Accepted', description: `You now work the gate of ${invitation.lotName}. Open it from Attendant.` }
              : { title: 'Invitation Declined', description: `${invitation.invitedBy} will be told.` },
          ),
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <section aria-labelledby="gate-invitations" className="mb-6 space-y-3">
      <h2 id="gate-invitations" className="text-lg font-semibold">
        Gate invitations
      </h2>
      {invitations.data.map((invitation) => (
        <Card key={invitation.id} data-testid="gate-invitation" className="space-y-3 p-4">
          <div>
            <p className="font-medium">{invitation.lotName}</p>
            {invitation.lotAddress && <p className="text-sm text-muted-foreground">{invitation.lotAddress}</p>}
            <p className="mt-1 text-sm text-muted-foreground">
              {invitation.invitedBy} invited you on {formatDateTime(invitation.invitedAt)} to check cars in and out at this lot's gate.
              Accepting makes you one of its attendants; you can still park as a driver.
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" size="sm" disabled={answer.isPending} onClick={() => reply(invitation, 'decline')}>
              Decline
            </Button>
            <Button size="sm" disabled={answer.isPending} onClick={() => reply(invitation, 'accept')}>
              Accept
            </Button>
          </div>
        </Card>
      ))}
    </section>
  );
}

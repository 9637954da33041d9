import { Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast, toastFailure } from '../../components/ui/toast-store';
import { usePassSharing, type Reservation } from '../../lib/booking';

/** Hands the link to the phone's share sheet, or copies it where there is none (or the sheet is refused). */
async function sendLink(url: string, passId: string) {
  if (navigator.share) {
    try {
      await navigator.share({ title: `Parkada pass ${passId}`, url });
      return;
    } catch (error) {
      // The driver closed the sheet: nothing to do. Refused (no gesture left after the request): copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await navigator.clipboard.writeText(url);
  toast({ title: 'Link copied', description: 'Whoever opens it sees this pass without an account, until you stop sharing.' });
}

/** Share: a view-only link to the pass for the person who drives the car (docs/passes.md); Stop sharing revokes it. */
export function SharePass({ reservation, live }: { reservation: Reservation; live: boolean }) {
  const { share, stop } = usePassSharing(reservation.id);
  const send = () =>
    share.mutate(undefined, {
      onSuccess: ({ url }) => sendLink(url, reservation.passId).catch(toastFailure('The link could not be copied')),
      onError: toastFailure('The pass could not be shared'),
    });
  const stopSharing = () =>
    stop.mutate(undefined, {
      onSuccess: () => toast({ title: 'Sharing stopped', description: 'The links you sent no longer open this pass.' }),
      onError: toastFailure('Sharing could not be stopped'),
    });
  return (
    <>
      <Button variant="outline" size="sm" disabled={!live || share.isPending} onClick={send}>
        <Share2 className="h-4 w-4" /> Share
      </Button>
      {reservation.shared && (
        <Button variant="outline" size="sm" disabled={stop.isPending} onClick={stopSharing}>
          Stop sharing
        </Button>
      )}
    </>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_VERSIONS, PRIVACY_VERSION, TERMS_VERSION, versionDate } from '../../../core/legal';
import { Logo } from '../../components/brand';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';
import { currentUserQuery } from '../../lib/session';
import { LegalLink } from './legal-links';

/**
 * In place of the signed-in app until the user accepts the Terms and the Privacy Policy in force
 * (never accepted: an account made before them or by an owner; or a newer version published since:
 * docs/privacy.md). Log out is the only other way on.
 */
export function ConsentScreen({ neverAccepted }: { neverAccepted: boolean }) {
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => unwrap(api.account.consent.$post({ json: CURRENT_VERSIONS })),
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQuery.queryKey, user),
    onError: (error) => toast({ title: 'Not Accepted', description: error.message, variant: 'destructive' }),
  });
  return (
    <main className="mx-auto max-w-lg px-4 py-8">
      <div className="mb-6">
        <Logo />
      </div>
      <Card>
        <h1 className="text-2xl font-bold">
          {neverAccepted ? 'Please accept our Terms and Privacy Policy' : 'We updated our Terms and Privacy Policy'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          Please read the <LegalLink to="/terms">Terms of Service</LegalLink> (version of {versionDate(TERMS_VERSION)}) and the{' '}
          <LegalLink to="/privacy">Privacy Policy</LegalLink> (version of {versionDate(PRIVACY_VERSION)}). They say how bookings,
          cancellations and the wallet work, what data we keep and for how long, and your rights under the Data Privacy Act.
        </p>
        <p className="mt-3 text-muted-foreground">To keep using Parkada, accept them.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
            {accept.isPending ? 'Accepting...' : 'Accept'}
          </Button>
          <Button variant="outline" onClick={() => window.location.assign('/api/logout')}>
            Log out
          </Button>
        </div>
      </Card>
    </main>
  );
}

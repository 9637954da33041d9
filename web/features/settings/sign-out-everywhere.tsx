import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { api, unwrapEmpty } from '../../lib/api';
import { leaveThisBrowser } from '../../lib/leave-browser';

/**
 * "Sign out of all devices": every session of the account ends, this one included. Like Log out, it
 * then loads the landing page afresh, so nothing of the signed-in app stays in memory.
 */
function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      await leaveThisBrowser();
      await unwrapEmpty(api.auth['logout-all'].$post());
    },
    onSuccess: () => window.location.assign('/'),
  });
}

/** Ends every session of the account, e.g. after using a shared computer or losing a phone. */
export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere();
  return (
    <Card className="mt-6 flex flex-wrap items-center justify-between gap-4">
      <div>
        <h2 className="font-semibold">Devices</h2>
        <p className="text-sm text-muted-foreground">
          Signed in on a phone or computer you no longer use? Sign out everywhere at once, or change your password (which also signs out
          everywhere else).
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to="/change-password">
            <KeyRound className="h-4 w-4" /> Change password
          </Link>
        </Button>
        <Button variant="outline" disabled={signOut.isPending} onClick={() => setConfirming(true)}>
          <LogOut className="h-4 w-4" /> Sign out of all devices
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out of all devices?"
        description="Every device signed in to your account, this one included, will need to sign in again."
        confirmLabel="Sign out everywhere"
        onConfirm={() =>
          signOut.mutate(undefined, {
            onError: (error) => toast({ title: 'Sign Out Failed', description: error.message, variant: 'destructive' }),
          })
        }
      />
    </Card>
  );
}

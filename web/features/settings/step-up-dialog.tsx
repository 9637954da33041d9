import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { stepUpWithPasskey } from '../../lib/passkeys';
import { giveStepUp, secondFactorQuery, settleStepUp, useStepUpAsked } from '../../lib/second-factor';

/** Asks for the second factor again before a sensitive change (the change is then sent once more). */
export function StepUpDialog() {
  const open = useStepUpAsked();
  const [code, setCode] = useState('');
  const give = useMutation({
    mutationFn: () => giveStepUp(code.trim()),
    onSuccess: () => {
      setCode('');
      settleStepUp(true);
    },
  });
  // A person with passkeys may use one instead of a code.
  const status = useQuery({ ...secondFactorQuery, enabled: open });
  const passkey = useMutation({ mutationFn: stepUpWithPasskey, onSuccess: () => settleStepUp(true) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    give.mutate();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) settleStepUp(false);
      }}
      title="Confirm it’s you"
    >
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          This change needs your second factor again. Enter the 6-digit code from your authenticator app or a recovery code, or use a
          passkey.
        </p>
        <Field label="Code" htmlFor="step-up-code">
          <Input id="step-up-code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </Field>
        {(give.error ?? passkey.error) && (
          <p role="alert" className="text-sm text-destructive">
            {(give.error ?? passkey.error)!.message}
          </p>
        )}
        {Boolean(status.data?.passkeys.length) && (
          <Button type="button" variant="outline" className="w-full" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
            <KeyRound className="h-4 w-4" /> Use a passkey
          </Button>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => settleStepUp(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={give.isPending || !code.trim()}>
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

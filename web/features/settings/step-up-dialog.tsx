import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { secondFactorCodeBody } from '../../../core/second-factor';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/form';
import { stepUpWithPasskey } from '../../lib/passkeys';
import { giveStepUp, secondFactorQuery, settleStepUp, useStepUpAsked } from '../../lib/second-factor';

/** Asks for the second factor again before a sensitive change (the change is then sent once more). */
export function StepUpDialog() {
  const open = useStepUpAsked();
  const form = useSchemaForm(secondFactorCodeBody, { code: '' });
  const code = useWatch({ control: form.control, name: 'code' });
  const give = useMutation({
    mutationFn: giveStepUp,
    onSuccess: () => {
      form.reset();
      settleStepUp(true);
    },
  });
  // A person with passkeys may use one instead of a code.
  const status = useQuery({ ...secondFactorQuery, enabled: open });
  const passkey = useMutation({ mutationFn: stepUpWithPasskey, onSuccess: () => settleStepUp(true) });
  const refusal = give.error ?? passkey.error;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) settleStepUp(false);
      }}
      title="Confirm it’s you"
    >
      <form onSubmit={form.handleSubmit(({ code }) => give.mutate(code))} className="space-y-4">
        <p className="text-sm text-muted-foreground">
          This change needs your second factor again. Enter the 6-digit code from your authenticator app or a recovery code, or use a
          passkey.
        </p>
        <FormField label="Code" htmlFor="step-up-code" error={form.formState.errors.code}>
          <Input id="step-up-code" autoComplete="one-time-code" {...form.register('code')} />
        </FormField>
        {refusal && (
          <p role="alert" className="text-sm text-destructive">
            {refusal.message}
          </p>
        )}
        {Boolean(status.data?.passkeys.length) && (
          <Button type="button" variant="outline" className="w-full" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
            <KeyRound className="h-4 w-4" /> Use a passkey
          </Button>
        )}
        <DialogButtons onCancel={() => settleStepUp(false)} submitLabel="Confirm" pending={give.isPending || !code.trim()} />
      </form>
    </Dialog>
  );
}

import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { passkeyRenameSchema } from '../../../core/passkeys';
import type { SecondFactorStatus } from '../../../core/second-factor';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast, toastFailure } from '../../components/ui/toast-store';
import { useSchemaForm } from '../../lib/form';
import { usePasskeyActions } from '../../lib/passkeys';
import { FactorPasswordDialog, useFactorPassword } from './factor-password-dialog';

type Passkey = SecondFactorStatus['passkeys'][number];

/** Passkeys: added with a name, renamed, removed (after a step-up). Each signs in on its own and counts as the second factor. */
export function Passkeys({
  passkeys,
  hasFactor,
  onFirstFactor,
}: {
  passkeys: Passkey[];
  hasFactor: boolean;
  onFirstFactor: (codes: string[]) => void;
}) {
  const { add } = usePasskeyActions();
  const proof = useFactorPassword(hasFactor, add);
  const form = useSchemaForm(passkeyRenameSchema, { name: '' });
  const name = useWatch({ control: form.control, name: 'name' });
  const addPasskey = (password?: string) =>
    add.mutate(
      { name: form.getValues('name').trim(), password },
      {
        onSuccess: ({ recoveryCodes }) => {
          proof.done();
          form.reset();
          toast({ title: 'Passkey Added', description: 'Sign in with it, or use it as your second factor.' });
          if (recoveryCodes) onFirstFactor(recoveryCodes);
        },
        onError: proof.asking ? undefined : toastFailure('Passkey Not Added'),
      },
    );
  const submit = form.handleSubmit(() => proof.begin(() => addPasskey()));
  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <h2 id="passkeys-heading" className="font-semibold">
        Passkeys
      </h2>
      <p className="text-sm text-muted-foreground">
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey is also a second factor.
      </p>
      {passkeys.length > 0 && (
        <ul className="divide-y divide-border rounded-lg border border-border" data-testid="passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <FormField label="Passkey name" htmlFor="passkey-name" error={form.formState.errors.name}>
            <Input id="passkey-name" placeholder="My phone" {...form.register('name')} />
          </FormField>
        </div>
        <Button type="submit" disabled={add.isPending || !name.trim()}>
          <KeyRound className="h-4 w-4" /> Add a passkey
        </Button>
      </form>
      {proof.asking && <FactorPasswordDialog mutation={add} onConfirm={addPasskey} onCancel={proof.cancel} />}
    </section>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { rename, remove } = usePasskeyActions();
  const form = useSchemaForm(passkeyRenameSchema, { name: passkey.name });
  const name = useWatch({ control: form.control, name: 'name' });
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-end gap-2 p-3">
      <div className="min-w-40 flex-1">
        <FormField
          label="Name"
          htmlFor={`passkey-${passkey.id}`}
          hint={`Added ${formatDateTime(passkey.createdAt)}${passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ''}`}
          error={form.formState.errors.name}
        >
          <Input id={`passkey-${passkey.id}`} {...form.register('name')} />
        </FormField>
      </div>
      <Button
        variant="outline"
        disabled={rename.isPending || !name.trim() || name.trim() === passkey.name}
        onClick={form.handleSubmit(({ name }) => rename.mutate({ id: passkey.id, name }, { onError: toastFailure('Not Renamed') }))}
      >
        Rename
      </Button>
      <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirming(true)}>
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove the passkey “${passkey.name}”?`}
        description="It will no longer sign you in."
        confirmLabel="Remove"
        onConfirm={() =>
          remove.mutate(passkey.id, { onSuccess: () => toast({ title: 'Passkey Removed' }), onError: toastFailure('Not Removed') })
        }
      />
    </li>
  );
}

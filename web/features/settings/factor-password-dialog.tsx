import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { newFactorBody } from '../../../core/second-factor';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { useSchemaForm } from '../../lib/form';

/**
 * What adding a second factor asks first (docs/account.md, Adding a factor): the password while the
 * account has no factor, so a session alone cannot add one; once it has one, nothing here (the server
 * asks for a step-up, and the step-up dialog opens).
 */
export function useFactorPassword(hasFactor: boolean, mutation: { reset: () => void }) {
  const [asking, setAsking] = useState(false);
  return {
    asking,
    /** Runs `add` at once when the account has a factor; else opens the password dialog, whose Continue runs it. */
    begin: (add: () => void) => (hasFactor ? add() : setAsking(true)),
    done: () => setAsking(false),
    cancel: () => {
      mutation.reset();
      setAsking(false);
    },
  };
}

/** The password dialog of `useFactorPassword`; a refusal (a wrong password) shows under the field. */
export function FactorPasswordDialog({
  mutation,
  onConfirm,
  onCancel,
}: {
  mutation: { isPending: boolean; error: Error | null };
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(newFactorBody, { password: '' });
  const password = useWatch({ control: form.control, name: 'password' });
  const { error } = mutation;
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()} title="Confirm your password">
      <form onSubmit={form.handleSubmit((body) => onConfirm(body.password ?? ''))} className="space-y-4">
        <p className="text-sm text-muted-foreground">Enter your password to add a second factor to your account.</p>
        <FormField label="Password" htmlFor="factor-password" error={form.formState.errors.password}>
          <Input id="factor-password" type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error instanceof ApiError ? error.text : error.message}
          </p>
        )}
        <DialogButtons onCancel={onCancel} submitLabel="Continue" pending={mutation.isPending || !password} />
      </form>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { ApiError } from '../../lib/api';

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
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(password);
  };
  const { error } = mutation;
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()} title="Confirm your password">
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-muted-foreground">Enter your password to add a second factor to your account.</p>
        <Field label="Password" htmlFor="factor-password">
          <Input
            id="factor-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error instanceof ApiError ? error.text : error.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending || !password}>
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

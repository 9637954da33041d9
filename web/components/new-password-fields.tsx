import { passwordSchema } from '../../core/signup';
import { Field, Input } from './ui/field';

/** What is wrong with a new password typed twice, as a toast's description, or null when it will do. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) return checked.error.issues[0]?.message ?? 'Check your password.';
  return password === confirmation ? null : 'The two passwords do not match.';
}

/** A new password typed twice, as changing it and resetting it ask. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}) {
  return (
    <>
      <Field label="New Password" htmlFor="new-password" hint="At least 8 characters.">
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </Field>
      <Field label="Confirm New Password" htmlFor="confirm-password">
        <Input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => onConfirmation(e.target.value)}
        />
      </Field>
    </>
  );
}

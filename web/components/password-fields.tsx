import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN } from '../../core/signup';
import { Input } from './ui/field';
import { FormField } from './ui/form-field';

/** A new password typed twice, as resetting, changing and accepting an invitation ask (the rule: `withConfirmation` in core). */
export function PasswordFields({
  password,
  confirmation,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: unknown; confirmation?: unknown };
}) {
  return (
    <>
      <FormField label="New Password" htmlFor="new-password" hint={`At least ${PASSWORD_MIN} characters.`} error={errors.password}>
        <Input id="new-password" type="password" autoComplete="new-password" {...password} />
      </FormField>
      <FormField label="Confirm New Password" htmlFor="confirm-password" error={errors.confirmation}>
        <Input id="confirm-password" type="password" autoComplete="new-password" {...confirmation} />
      </FormField>
    </>
  );
}

import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import { passwordChangeSchema, withConfirmation } from '../../../core/password-change';
import { AuthCard } from '../../components/auth-card';
import { PasswordFields } from '../../components/password-fields';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { withStepUp } from '../../lib/second-factor';
import { useEnterApp } from '../../lib/use-sign-in';

const changeFormSchema = withConfirmation(passwordChangeSchema, 'newPassword');

export function ChangePasswordPage() {
  const form = useSchemaForm(changeFormSchema, { currentPassword: '', newPassword: '', confirmation: '' });
  const { register, formState } = form;
  const enterApp = useEnterApp();

  const change = useMutation({
    // An account with a second factor gives it again first (the step-up dialog), as for every sensitive change.
    mutationFn: ({ currentPassword, newPassword }: z.output<typeof changeFormSchema>) =>
      withStepUp(() => unwrap(api.auth.password.$post({ json: { currentPassword, newPassword } }))),
    onSuccess: ({ user }) => {
      toast({ title: 'Password Changed', description: 'Use your new password from now on.' });
      return enterApp(user);
    },
    onError: (error) => {
      showIssuesOnFields(error, form);
      toast({ title: 'Password Not Changed', description: error.message, variant: 'destructive' });
    },
  });

  const submit = form.handleSubmit((values) => change.mutate(values), toastFirstProblem('Check your password'));
  return (
    <AuthCard
      title="Change password"
      subtitle="Choose a new password for your account."
      aside={
        <Link to="/settings" className="text-sm text-muted-foreground hover:underline">
          Back to Settings
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Current Password" htmlFor="current-password" error={formState.errors.currentPassword}>
          <Input id="current-password" type="password" autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
        <PasswordFields
          password={register('newPassword')}
          confirmation={register('confirmation')}
          errors={{ password: formState.errors.newPassword, confirmation: formState.errors.confirmation }}
        />
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Set Password'}
        </Button>
      </form>
    </AuthCard>
  );
}

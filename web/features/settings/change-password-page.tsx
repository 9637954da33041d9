import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { passwordChangeSchema } from '../../../core/password-change';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';
import { withStepUp } from '../../lib/second-factor';
import { useEnterApp } from '../../lib/use-sign-in';

export function ChangePasswordPage() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const enterApp = useEnterApp();

  const change = useMutation({
    // An account with a second factor gives it again first (the step-up dialog), as for every sensitive change.
    mutationFn: () => withStepUp(() => unwrap(api.auth.password.$post({ json: { currentPassword, newPassword } }))),
    onSuccess: ({ user }) => {
      toast({ title: 'Password Changed', description: 'Use your new password from now on.' });
      return enterApp(user);
    },
    onError: (error) => toast({ title: 'Password Not Changed', description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordChangeSchema.safeParse({ currentPassword, newPassword });
    if (!checked.success)
      return toast({ title: 'Check your password', description: checked.error.issues[0]?.message, variant: 'destructive' });
    if (newPassword !== confirmation)
      return toast({ title: 'Check your password', description: 'The two new passwords do not match.', variant: 'destructive' });
    change.mutate();
  };

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
        <Field label="Current Password" htmlFor="current-password">
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        </Field>
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmation}
          onPassword={setNewPassword}
          onConfirmation={setConfirmation}
        />
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Set Password'}
        </Button>
      </form>
    </AuthCard>
  );
}

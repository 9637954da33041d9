import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordFields, newPasswordProblem } from '../../components/new-password-fields';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { api, unwrapEmpty } from '../../lib/api';
import { currentUserQuery } from '../../lib/session';

const route = getRouteApi('/reset-password');

export function ResetPasswordPage() {
  const { token = '' } = route.useSearch();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const queryClient = useQueryClient();
  const router = useRouter();

  const reset = useMutation({
    mutationFn: () => unwrapEmpty(api.auth['password-reset'].confirm.$post({ json: { token, password } })),
    onSuccess: async () => {
      toast({ title: 'Password Changed', description: 'Sign in with your new password.' });
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      await router.invalidate();
      await router.navigate({ to: '/login' });
    },
    onError: (error) => toast({ title: 'Password Not Changed', description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    if (problem) return toast({ title: 'Check your password', description: problem, variant: 'destructive' });
    reset.mutate();
  };

  return (
    <AuthCard
      title="Set a new password"
      subtitle="Setting it signs you out on every device."
      aside={
        <Link to="/forgot-password" className="text-sm text-muted-foreground hover:underline">
          Ask for a new link
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <NewPasswordFields password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
        <Button type="submit" className="w-full" disabled={reset.isPending || !token}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}

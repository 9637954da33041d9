import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { withConfirmation } from '../../../core/password-change';
import { passwordResetConfirmSchema } from '../../../core/verification';
import { AuthCard } from '../../components/auth-card';
import { PasswordFields } from '../../components/password-fields';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { api, unwrapEmpty } from '../../lib/api';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { currentUserQuery } from '../../lib/session';

const route = getRouteApi('/reset-password');
const resetFormSchema = withConfirmation(passwordResetConfirmSchema, 'password');

export function ResetPasswordPage() {
  const { token = '' } = route.useSearch();
  const form = useSchemaForm(resetFormSchema, { token, password: '', confirmation: '' });
  const { register, formState } = form;
  const queryClient = useQueryClient();
  const router = useRouter();

  const reset = useMutation({
    mutationFn: ({ password }: { password: string }) =>
      unwrapEmpty(api.auth['password-reset'].confirm.$post({ json: { token, password } })),
    onSuccess: async () => {
      toast({ title: 'Password Changed', description: 'Sign in with your new password.' });
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      await router.invalidate();
      await router.navigate({ to: '/login' });
    },
    onError: (error) => {
      showIssuesOnFields(error, form);
      toast({ title: 'Password Not Changed', description: error.message, variant: 'destructive' });
    },
  });

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
      <form
        onSubmit={form.handleSubmit((values) => reset.mutate(values), toastFirstProblem('Check your password'))}
        noValidate
        className="space-y-4"
      >
        <PasswordFields password={register('password')} confirmation={register('confirmation')} errors={formState.errors} />
        <Button type="submit" className="w-full" disabled={reset.isPending || !token}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}

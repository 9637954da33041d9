import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { passwordResetRequestSchema } from '../../../core/verification';
import { AuthCard } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';

export function ForgotPasswordPage() {
  const form = useSchemaForm(passwordResetRequestSchema, { email: '' });
  const request = useMutation({
    mutationFn: (json: { email: string }) => unwrap(api.auth['password-reset'].$post({ json })),
    onError: (error) => {
      showIssuesOnFields(error, form);
      toast({ title: 'Link Not Sent', description: error.message, variant: 'destructive' });
    },
  });

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="We will e-mail you a link to set a new one."
      aside={
        <Link to="/login" className="text-sm text-muted-foreground hover:underline">
          Back to sign in
        </Link>
      }
    >
      {request.data ? (
        <p role="status">{request.data.message}</p>
      ) : (
        <form
          onSubmit={form.handleSubmit((json) => request.mutate(json), toastFirstProblem('Missing Information'))}
          noValidate
          className="space-y-4"
        >
          <FormField label="Email Address" htmlFor="email" error={form.formState.errors.email}>
            <Input id="email" type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

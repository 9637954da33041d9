import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: () => unwrap(api.auth['password-reset'].$post({ json: { email } })),
    onError: (error) => toast({ title: 'Link Not Sent', description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim())
      return toast({ title: 'Missing Information', description: 'Please enter your e-mail address.', variant: 'destructive' });
    request.mutate();
  };

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
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Email Address" htmlFor="email">
            <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

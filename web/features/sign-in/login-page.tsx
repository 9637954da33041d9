import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { loginSchema } from '../../../core/signup';
import { AuthCard } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { useEnterApp } from '../../lib/use-sign-in';
import { needsSecondFactorCode } from '../../lib/second-factor';
import { currentUserQuery } from '../../lib/session';
import { signedInForSupportOnly } from '../../lib/support';
import { signInWithPasskey } from '../../lib/passkeys';
import { KeyRound } from 'lucide-react';

const route = getRouteApi('/login');

export function LoginPage() {
  const { redirect } = route.useSearch();
  const form = useSchemaForm(loginSchema, { email: '', password: '' });
  const { register, formState } = form;
  // Asked once the server says the account has a second factor (docs/account.md, Second factor).
  const [askingCode, setAskingCode] = useState(false);
  const enterApp = useEnterApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signIn = useMutation({
    mutationFn: (json: z.output<typeof loginSchema>) => unwrap(api.auth.login.$post({ json })),
    onSuccess: ({ user }) => enterApp(user, redirect),
    onError: (error) => {
      if (needsSecondFactorCode(error) && !askingCode) return setAskingCode(true);
      showIssuesOnFields(error, form);
      toast({ title: 'Sign In Failed', description: error.message, variant: 'destructive' });
      // Its session reaches only support: the Help page's form and the person's requests.
      if (signedInForSupportOnly(error)) void queryClient.invalidateQueries(currentUserQuery).then(() => navigate({ to: '/help' }));
    },
  });

  const passkey = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: ({ user }) => enterApp(user, redirect),
    onError: (error) => toast({ title: 'Sign In Failed', description: error.message, variant: 'destructive' }),
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Parkada.">
      <form
        onSubmit={form.handleSubmit((json) => signIn.mutate(json), toastFirstProblem('Missing Information'))}
        noValidate
        className="space-y-4"
      >
        <FormField label="Email Address" htmlFor="email" error={formState.errors.email}>
          <Input id="email" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" htmlFor="password" error={formState.errors.password}>
          <Input id="password" type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        {askingCode && (
          <FormField
            label="Code from your authenticator app"
            htmlFor="code"
            hint="Lost your phone? Enter one of your recovery codes instead."
            error={formState.errors.code}
          >
            {/* The password was right: the code is all that is left to type. */}
            <Input id="code" inputMode="numeric" autoComplete="one-time-code" autoFocus {...register('code')} />
          </FormField>
        )}
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <Button variant="outline" className="mt-3 w-full" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
        <KeyRound className="h-4 w-4" /> Sign in with a passkey
      </Button>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        New to Parkada?{' '}
        <Link to="/signup" className="font-medium text-brand underline">
          Get Started
        </Link>
      </p>
    </AuthCard>
  );
}

import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AuthCard } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';
import { useEnterApp } from '../../lib/use-sign-in';
import { needsSecondFactorCode } from '../../lib/second-factor';
import { signInWithPasskey } from '../../lib/passkeys';
import { KeyRound } from 'lucide-react';

const route = getRouteApi('/login');

export function LoginPage() {
  const { redirect } = route.useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Asked once the server says the account has a second factor (docs/account.md, Second factor).
  const [code, setCode] = useState<string | null>(null);
  const enterApp = useEnterApp();

  const signIn = useMutation({
    mutationFn: () => unwrap(api.auth.login.$post({ json: { email, password, ...(code?.trim() ? { code: code.trim() } : {}) } })),
    onSuccess: ({ user }) => enterApp(user, redirect),
    onError: (error) => {
      if (needsSecondFactorCode(error) && code === null) return setCode('');
      toast({ title: 'Sign In Failed', description: error.message, variant: 'destructive' });
    },
  });

  const passkey = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: ({ user }) => enterApp(user, redirect),
    onError: (error) => toast({ title: 'Sign In Failed', description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      return toast({ title: 'Missing Information', description: 'Please enter your e-mail and password.', variant: 'destructive' });
    }
    signIn.mutate();
  };

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Parkada.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email Address" htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {code !== null && (
          <Field label="Code from your authenticator app" htmlFor="code" hint="Lost your phone? Enter one of your recovery codes instead.">
            <Input
              id="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              // The password was right: the code is all that is left to type.
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
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

import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { CONSENT_MESSAGES, CURRENT_VERSIONS } from '../../../core/legal';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordFields, newPasswordProblem } from '../../components/new-password-fields';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { TermsAgreement } from '../site/legal-links';
import { api, unwrap } from '../../lib/api';
import { useEnterApp } from '../../lib/use-sign-in';

const route = getRouteApi('/accept-invitation');

export function AcceptInvitationPage() {
  const { token = '' } = route.useSearch();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agreed, setAgreed] = useState(false);
  const enterApp = useEnterApp();

  const accept = useMutation({
    mutationFn: () => unwrap(api.auth['accept-invitation'].$post({ json: { token, password, ...CURRENT_VERSIONS } })),
    onSuccess: ({ user }) => {
      toast({ title: 'Welcome to Parkada', description: 'Your password is set. Sign in with it from now on.' });
      return enterApp(user);
    },
    onError: (error) => toast({ title: 'Password Not Set', description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    if (problem) return toast({ title: 'Check your password', description: problem, variant: 'destructive' });
    if (!agreed) return toast({ title: 'Terms Not Accepted', description: CONSENT_MESSAGES.missing, variant: 'destructive' });
    accept.mutate();
  };

  return (
    <AuthCard
      title="Set your password"
      subtitle="You were invited to work a lot's gate on Parkada. Choose your own password to start."
      aside={
        <Link to="/forgot-password" className="text-sm text-muted-foreground hover:underline">
          Link expired? Ask for a password link
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <NewPasswordFields password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
        <TermsAgreement agreed={agreed} onAgreed={setAgreed} />
        <Button type="submit" className="w-full" disabled={accept.isPending || !token}>
          {accept.isPending ? 'Saving...' : 'Set password and sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}

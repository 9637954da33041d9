import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CONSENT_MESSAGES, CURRENT_VERSIONS } from '../../core/legal';
import { OWNER_SIGNUP_ROLES, SIGNUP_ROLE_LABELS, SIGNUP_ROLES, type SignupRole } from '../../core/roles';
import { DEFAULT_COUNTRY_CODE, PASSWORD_MIN, signupNotice } from '../../core/signup';
import { AuthCard } from '../components/auth-card';
import { PhoneInput } from '../components/phone-input';
import { Button } from '../components/ui/button';
import { Field, Input, Select } from '../components/ui/field';
import { toast } from '../components/ui/toast';
import { api, unwrap } from '../lib/api';
import { DocumentsPicker } from '../features/owner-application/documents-picker';
import { TermsAgreement } from '../features/site/legal-links';
import { signedOutOnly } from '../lib/guards';
import { uploadDocument } from '../lib/owner-application';
import { useEnterApp } from '../lib/use-sign-in';

export const Route = createFileRoute('/signup')({
  beforeLoad: signedOutOnly,
  component: SignUpPage,
});

const empty = { firstName: '', lastName: '', email: '', mobile: '', role: '' as SignupRole | '', password: '' };

/** The early-access fields plus a password: creates the account and signs in, so a new user starts at once. */
function SignUpPage() {
  const [form, setForm] = useState(empty);
  const [countryCode, setCountryCode] = useState<string>(DEFAULT_COUNTRY_CODE);
  const [documents, setDocuments] = useState<File[]>([]);
  const [agreed, setAgreed] = useState(false);
  const applyingAsOwner = (OWNER_SIGNUP_ROLES as readonly string[]).includes(form.role);
  const enterApp = useEnterApp();
  const set = (key: keyof typeof empty) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  const signUp = useMutation({
    mutationFn: () =>
      unwrap(
        api.auth.signup.$post({
          json: { ...form, role: form.role as SignupRole, mobile: `${countryCode} ${form.mobile}`, ...CURRENT_VERSIONS },
        }),
      ),
    onSuccess: async ({ user }) => {
      // The account (and its application) exists now: its documents follow, one request each.
      if (applyingAsOwner) {
        for (const file of documents) {
          await uploadDocument(file).catch((error: Error) =>
            toast({
              title: 'Document Not Uploaded',
              description: `${file.name}: ${error.message}. Add it again in Settings.`,
              variant: 'destructive',
            }),
          );
        }
      }
      toast({
        title: 'Registration Successful!',
        description:
          form.role === 'parking_user'
            ? 'Welcome to Parkada. Follow us on Facebook for news and promos.'
            : 'Your owner application is pending review. Follow us on Facebook for news.',
      });
      await enterApp(user);
    },
    onError: (error) => toast({ title: 'Registration Failed', description: error.message || 'Please try again.', variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const notice = signupNotice(form);
    if (notice) return toast({ ...notice, variant: 'destructive' });
    if (form.password.length < PASSWORD_MIN) {
      return toast({
        title: 'Password Too Short',
        description: `Password must be at least ${PASSWORD_MIN} characters.`,
        variant: 'destructive',
      });
    }
    if (!agreed) return toast({ title: 'Terms Not Accepted', description: CONSENT_MESSAGES.missing, variant: 'destructive' });
    signUp.mutate();
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Park smarter across Metro Manila. Owners: pick your role to list your space."
      aside={
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft className="h-4 w-4" /> Back to Home
          </Link>
        </Button>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" htmlFor="firstName">
            <Input id="firstName" autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} />
          </Field>
          <Field label="Last Name" htmlFor="lastName">
            <Input id="lastName" autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} />
          </Field>
        </div>
        <Field label="Email Address" htmlFor="email">
          <Input id="email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} />
        </Field>
        <Field label="Mobile Number" htmlFor="mobile" hint="Format: xxx-xxxxxxx">
          <PhoneInput id="mobile" countryCode={countryCode} number={form.mobile} onCountryCode={setCountryCode} onNumber={set('mobile')} />
        </Field>
        <Field label="Role" htmlFor="role">
          <Select id="role" value={form.role} onChange={(e) => set('role')(e.target.value)}>
            <option value="">Select your role</option>
            {SIGNUP_ROLES.map((role) => (
              <option key={role} value={role}>
                {SIGNUP_ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </Field>
        {applyingAsOwner && <DocumentsPicker id="documents" files={documents} onChange={setDocuments} />}
        <Field label="Password" htmlFor="password" hint={`At least ${PASSWORD_MIN} characters.`}>
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        </Field>
        <TermsAgreement agreed={agreed} onAgreed={setAgreed} />
        <Button type="submit" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand underline">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}

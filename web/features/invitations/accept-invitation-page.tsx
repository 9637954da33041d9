import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FormProvider, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { invitationFormSchema } from '../../../core/verification';
import { AuthCard } from '../../components/auth-card';
import { PasswordFields } from '../../components/password-fields';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { TermsField } from '../site/legal-links';
import { api, unwrap } from '../../lib/api';
import { messageOf, useSchemaForm } from '../../lib/form';
import { useEnterApp } from '../../lib/use-sign-in';

const route = getRouteApi('/accept-invitation');

/** The refused form's toast: the password's problem first, else the Terms'. */
const sayProblem = (errors: FieldErrors) =>
  toast({
    title: errors.password || errors.confirmation ? 'Check your password' : 'Terms Not Accepted',
    description: messageOf(errors.password ?? errors.confirmation ?? errors),
    variant: 'destructive',
  });

export function AcceptInvitationPage() {
  const { token = '' } = route.useSearch();
  const form = useSchemaForm(invitationFormSchema, { token, password: '', confirmation: '', agreed: false });
  const { register, formState } = form;
  const enterApp = useEnterApp();

  const accept = useMutation({
    mutationFn: ({ confirmation: _, ...json }: z.output<typeof invitationFormSchema>) =>
      unwrap(api.auth['accept-invitation'].$post({ json })),
    onSuccess: ({ user }) => {
      toast({ title: 'Welcome to Parkada', description: 'Your password is set. Sign in with it from now on.' });
      return enterApp(user);
    },
    onError: (error) => toast({ title: 'Password Not Set', description: error.message, variant: 'destructive' }),
  });

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
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit((values) => accept.mutate(values), sayProblem)} noValidate className="space-y-4">
          <PasswordFields password={register('password')} confirmation={register('confirmation')} errors={formState.errors} />
          <TermsField />
          <Button type="submit" className="w-full" disabled={accept.isPending || !token}>
            {accept.isPending ? 'Saving...' : 'Set password and sign in'}
          </Button>
        </form>
      </FormProvider>
    </AuthCard>
  );
}

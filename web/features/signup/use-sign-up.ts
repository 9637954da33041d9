import { useMutation } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { OWNER_SIGNUP_ROLES } from '../../../core/roles';
import type { signupSchema, SignupFormValues } from '../../../core/signup';
import type { z } from 'zod';
import { toast } from '../../components/ui/toast-store';
import { api, unwrap } from '../../lib/api';
import { showIssuesOnFields } from '../../lib/form';
import { uploadDocument } from '../../lib/owner-application';
import { useEnterApp } from '../../lib/use-sign-in';

type Signup = z.output<typeof signupSchema>;

/** Files an owner's documents with the application the sign-up opened, one request each; a refused one is said, not fatal. */
async function uploadDocuments(documents: File[]) {
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

/** Creates the account and signs in, so a new user starts at once. */
export function useSignUp(form: UseFormReturn<SignupFormValues, unknown, Signup>, documents: File[]) {
  const enterApp = useEnterApp();
  return useMutation({
    mutationFn: (json: Signup) => unwrap(api.auth.signup.$post({ json })),
    onSuccess: async ({ user }, { role }) => {
      if ((OWNER_SIGNUP_ROLES as readonly string[]).includes(role)) await uploadDocuments(documents);
      toast({
        title: 'Registration Successful!',
        description: role === 'parking_user' ? 'Welcome to Parkada.' : 'Your owner application is pending review.',
      });
      await enterApp(user);
    },
    onError: (error) => {
      showIssuesOnFields(error, form);
      toast({ title: 'Registration Failed', description: error.message || 'Please try again.', variant: 'destructive' });
    },
  });
}

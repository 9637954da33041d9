import { useState } from 'react';
import { FormProvider, useController, useWatch, type FieldErrors } from 'react-hook-form';
import { OWNER_SIGNUP_ROLES, SIGNUP_ROLE_LABELS, SIGNUP_ROLES } from '../../../core/roles';
import { DEFAULT_COUNTRY_CODE, PASSWORD_MIN, signupFormSchema, signupNotice, type SignupFormValues } from '../../../core/signup';
import { PhoneInput } from '../../components/phone-input';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useSchemaForm } from '../../lib/form';
import { DocumentsPicker } from '../owner-application/documents-picker';
import { TermsField } from '../site/legal-links';
import { useSignUp } from './use-sign-up';

const EMPTY: SignupFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  mobile: '',
  role: '',
  password: '',
  agreed: false,
};

/** One toast over the refused form: the missing fields in one line, else the first problem. */
const sayProblems = (errors: FieldErrors<SignupFormValues>) => {
  const problems = Object.entries(errors).map(([field, error]) => ({ field, message: error?.message ?? '', code: String(error?.type) }));
  const notice = signupNotice(problems);
  if (notice) toast({ ...notice, variant: 'destructive' });
};

function PhoneField() {
  const { field: code } = useController<SignupFormValues, 'countryCode'>({ name: 'countryCode' });
  const { field: number, fieldState } = useController<SignupFormValues, 'mobile'>({ name: 'mobile' });
  return (
    <FormField label="Mobile Number" htmlFor="mobile" hint="Format: xxx-xxxxxxx" error={fieldState.error}>
      <PhoneInput id="mobile" countryCode={code.value} number={number.value} onCountryCode={code.onChange} onNumber={number.onChange} />
    </FormField>
  );
}

/** The early-access fields plus a password, the owner's documents when applying as one, and the Terms. */
export function SignUpForm() {
  const form = useSchemaForm(signupFormSchema, EMPTY);
  const { register, formState } = form;
  const [documents, setDocuments] = useState<File[]>([]);
  const role = useWatch({ control: form.control, name: 'role' });
  const signUp = useSignUp(form, documents);
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((signup) => signUp.mutate(signup), sayProblems)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First Name" htmlFor="firstName" error={formState.errors.firstName}>
            <Input id="firstName" autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label="Last Name" htmlFor="lastName" error={formState.errors.lastName}>
            <Input id="lastName" autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </div>
        <FormField label="Email Address" htmlFor="email" error={formState.errors.email}>
          <Input id="email" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <PhoneField />
        <FormField label="Role" htmlFor="role" error={formState.errors.role}>
          <Select id="role" {...register('role')}>
            <option value="">Select your role</option>
            {SIGNUP_ROLES.map((value) => (
              <option key={value} value={value}>
                {SIGNUP_ROLE_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        {(OWNER_SIGNUP_ROLES as readonly string[]).includes(role) && (
          <DocumentsPicker id="documents" files={documents} onChange={setDocuments} />
        )}
        <FormField label="Password" htmlFor="password" hint={`At least ${PASSWORD_MIN} characters.`} error={formState.errors.password}>
          <Input id="password" type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <TermsField />
        <Button type="submit" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </FormProvider>
  );
}

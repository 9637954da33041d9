import { useState } from 'react';
import { useController, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { profileFormSchema, type Profile } from '../../../core/account';
import { FormField } from '../../components/ui/form-field';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import type { z } from 'zod';
import { initialsOf } from '../../../core/person';
import { phoneParts } from '../../../core/phone';
import { PhoneInput } from '../../components/phone-input';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { usePhoneVerification, useUpdateProfile } from '../../lib/account';
import { ChangeEmailDialog } from './change-email-dialog';
import type { CurrentUser } from '../../lib/session';

type ProfileFormValues = z.input<typeof profileFormSchema>;

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/** Verify next to an unverified phone: a code is texted to it, and typing it here verifies the number. */
function PhoneVerification({ user }: { user: CurrentUser }) {
  const { send, confirm } = usePhoneVerification();
  const [code, setCode] = useState('');
  if (!user.phone) return null;
  if (user.phoneVerified) return <p className="text-sm text-muted-foreground">Verified: texts can reach this number.</p>;
  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: 'Code Sent', description: message }),
      onError: failed('Code Not Sent'),
    });
  const submitCode = () =>
    confirm.mutate(code, { onSuccess: () => toast({ title: 'Phone Verified' }), onError: failed('Verification Failed') });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <span className="text-sm text-muted-foreground">Unverified: texts go only to a verified number.</span>
      <Button type="button" variant="outline" onClick={sendCode} disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Verify'}
      </Button>
      {send.isSuccess && (
        <>
          <Input
            aria-label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="w-32"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="button" onClick={submitCode} disabled={confirm.isPending}>
            Confirm
          </Button>
        </>
      )}
    </div>
  );
}

/** The phone's two parts bound to the profile form. */
function PhoneField({ control, error }: { control: Control<ProfileFormValues, unknown, Profile>; error: unknown }) {
  const { field: code } = useController({ control, name: 'countryCode' });
  const { field: number } = useController({ control, name: 'number' });
  return (
    <FormField label="Phone" htmlFor="profile-phone" hint="Format: xxx-xxxxxxx" error={error}>
      <PhoneInput
        id="profile-phone"
        countryCode={code.value}
        number={number.value}
        onCountryCode={code.onChange}
        onNumber={number.onChange}
      />
    </FormField>
  );
}

export function ProfileTab({ user }: { user: CurrentUser }) {
  const { code, number } = phoneParts(user.phone);
  const form = useSchemaForm(profileFormSchema, { firstName: user.firstName, lastName: user.lastName, countryCode: code, number });
  const { register, formState, control } = form;
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });
  const update = useUpdateProfile();
  const [changingEmail, setChangingEmail] = useState(false);

  const submit = (profile: Profile) =>
    update.mutate(profile, {
      onSuccess: () => toast({ title: 'Profile Updated' }),
      onError: (error) => {
        showIssuesOnFields(error, form);
        failed('Update Failed')(error);
      },
    });

  // The dialog stays outside this form: its own submit would otherwise bubble here through the portal.
  return (
    <>
      <form onSubmit={form.handleSubmit(submit, toastFirstProblem('Update Failed'))} noValidate className="space-y-4">
        <div className="flex items-center gap-4">
          <span className="grid h-16 w-16 place-items-center rounded-full bg-brand text-xl font-bold text-brand-foreground" aria-hidden>
            {initialsOf({ firstName, lastName, email: user.email })}
          </span>
          <div>
            <p className="font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="text-sm text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First Name" htmlFor="profile-first" error={formState.errors.firstName}>
            <Input id="profile-first" {...register('firstName')} />
          </FormField>
          <FormField label="Last Name" htmlFor="profile-last" error={formState.errors.lastName}>
            <Input id="profile-last" {...register('lastName')} />
          </FormField>
        </div>
        <PhoneField control={control} error={(formState.errors as FieldErrors<Profile>).phone} />
        <PhoneVerification user={user} />
        <Field
          label="Email"
          htmlFor="profile-email"
          hint="Your e-mail identifies your account; a new one takes effect once you confirm it."
        >
          <div className="flex gap-2">
            <Input id="profile-email" value={user.email} readOnly disabled />
            <Button type="button" variant="outline" onClick={() => setChangingEmail(true)}>
              Change e-mail
            </Button>
          </div>
        </Field>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </form>
      {changingEmail && <ChangeEmailDialog onClose={() => setChangingEmail(false)} />}
    </>
  );
}

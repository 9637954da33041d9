import { useState, type FormEvent } from 'react';
import { initialsOf } from '../../../core/person';
import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '../../../core/signup';
import { PhoneInput } from '../../components/phone-input';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { useUpdateProfile } from '../../lib/account';
import { ChangeEmailDialog } from './change-email-dialog';
import type { CurrentUser } from '../../lib/session';

/** Phones are stored as "<country code> <xxx-xxxxxxx>", as at sign-up. */
function splitPhone(phone: string | null) {
  const [code, number] = (phone ?? '').split(' ');
  return (COUNTRY_CODES as readonly string[]).includes(code) ? { code, number: number ?? '' } : { code: DEFAULT_COUNTRY_CODE, number: '' };
}

export function ProfileTab({ user }: { user: CurrentUser }) {
  const phone = splitPhone(user.phone);
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [code, setCode] = useState(phone.code);
  const [number, setNumber] = useState(phone.number);
  const update = useUpdateProfile();
  const [changingEmail, setChangingEmail] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { firstName, lastName, phone: `${code} ${number}` },
      {
        onSuccess: () => toast({ title: 'Profile Updated' }),
        onError: (error) => toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  // The dialog stays outside this form: its own submit would otherwise bubble here through the portal.
  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-4">
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
          <Field label="First Name" htmlFor="profile-first">
            <Input id="profile-first" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          </Field>
          <Field label="Last Name" htmlFor="profile-last">
            <Input id="profile-last" value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </Field>
        </div>
        <Field label="Phone" htmlFor="profile-phone" hint="Format: xxx-xxxxxxx">
          <PhoneInput id="profile-phone" countryCode={code} number={number} onCountryCode={setCode} onNumber={setNumber} />
        </Field>
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

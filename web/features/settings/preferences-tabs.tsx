import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { DURATION_OPTIONS, THEMES } from '../../../core/account';
import { SMS_OFF } from '../../../core/phone';
import { Field, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { PushDeviceStatus, usePushDevice } from '../push/push-row';
import { preferencesQuery, smsStatusQuery, useSavePreferences, type Preferences, type PreferencesPatch } from '../../lib/account';

type BooleanKey = { [K in keyof Preferences]: Preferences[K] extends boolean ? K : never }[keyof Preferences];

/** The saved preferences and a saver: each change is saved at once, with the spec's messages. */
function usePreferences() {
  const { data: prefs } = useSuspenseQuery(preferencesQuery);
  const mutation = useSavePreferences();
  const save = (patch: PreferencesPatch) =>
    mutation.mutate(patch, {
      onSuccess: () => toast({ title: 'Preferences Updated' }),
      onError: (error) => toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
    });
  return { prefs, save };
}

function ToggleRow({
  prefs,
  field,
  label,
  hint,
  onChange,
}: {
  prefs: Preferences;
  field: BooleanKey;
  label: string;
  hint: string;
  onChange: (patch: PreferencesPatch) => void;
}) {
  const id = `pref-${field}`;
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <Switch.Root
        id={id}
        checked={prefs[field]}
        onCheckedChange={(checked) => onChange({ [field]: checked })}
        className="relative h-6 w-11 shrink-0 rounded-full bg-muted data-[state=checked]:bg-brand"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

/** What the SMS switch says: what it sends, or that this server cannot text at all. */
const smsHint = (available: boolean | undefined) =>
  available === false
    ? `${SMS_OFF} Reminders still reach you in the app, by push and by e-mail.`
    : 'Start and end reminders and no-show notices by text, to your verified Philippine mobile (verify it under Profile).';

const NOTIFICATION_SWITCHES: { field: BooleanKey; label: string; hint: string }[] = [
  {
    field: 'emailNotifications',
    label: 'Email Notifications',
    hint: 'Receipts, reminders, payments and pass updates at your verified e-mail address.',
  },
  { field: 'smsNotifications', label: 'SMS Notifications', hint: smsHint(undefined) },
  { field: 'bookingReminders', label: 'Booking Reminders', hint: 'Reminders before your reservation starts and ends' },
  {
    field: 'promotionalEmails',
    label: 'Promotional Emails',
    hint: 'Deals and news from Parkada by e-mail to your verified address; each has a one-click unsubscribe.',
  },
];

export function NotificationSwitchesTab() {
  const { prefs, save } = usePreferences();
  const push = usePushDevice();
  const { data: sms } = useQuery(smsStatusQuery);
  const [email, ...others] = NOTIFICATION_SWITCHES;
  return (
    <div className="divide-y divide-border">
      <ToggleRow prefs={prefs} {...email} onChange={save} />
      <div>
        <ToggleRow
          prefs={prefs}
          field="pushNotifications"
          label="Push Notifications"
          hint="Alerts on your phone or computer, even when Parkada is closed."
          onChange={(patch) => {
            save(patch);
            void push.change(Boolean(patch.pushNotifications));
          }}
        />
        <PushDeviceStatus enabled={prefs.pushNotifications} push={push} />
      </div>
      {others.map((row) => (
        <ToggleRow
          key={row.field}
          prefs={prefs}
          {...row}
          hint={row.field === 'smsNotifications' ? smsHint(sms?.available) : row.hint}
          onChange={save}
        />
      ))}
    </div>
  );
}

export function PreferencesTab() {
  const { prefs, save } = usePreferences();
  return (
    <div className="space-y-4">
      <Field label="Default Duration" htmlFor="pref-duration" hint="Pre-selected when you search for parking.">
        <Select
          id="pref-duration"
          value={prefs.defaultDuration}
          onChange={(e) => save({ defaultDuration: e.target.value as Preferences['defaultDuration'] })}
        >
          {DURATION_OPTIONS.map((hours) => (
            <option key={hours} value={hours}>
              {hours === '24' ? 'All day' : `${hours} hour${hours === '1' ? '' : 's'}`}
            </option>
          ))}
        </Select>
      </Field>
      <ToggleRow
        prefs={prefs}
        field="autoExtend"
        label="Auto Extend"
        hint="Near the end of a checked-in stay, add an hour automatically when your slot is free and your wallet covers it."
        onChange={save}
      />
      <Field label="Theme" htmlFor="pref-theme">
        <Select id="pref-theme" value={prefs.theme} onChange={(e) => save({ theme: e.target.value as Preferences['theme'] })}>
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {theme[0].toUpperCase() + theme.slice(1)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

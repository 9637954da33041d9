import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  formatSetting,
  SETTING_BOUNDS,
  SETTING_KEYS,
  settingUnit,
  type PlatformSettings,
  type SettingsChange,
} from '../../../core/platform-settings';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { platformSettingsQuery, useSaveSettings, useSecondFactorSetting } from '../../lib/admin';

type Key = keyof PlatformSettings;
/** Pesos and percentages are shown in hundredths of what is stored (centavos, basis points); minutes as they are. */
const scaled = (key: Key) => settingUnit(key) !== 'minutes';
/** What the form shows. */
const shown = (key: Key, value: number) => String(scaled(key) ? value / 100 : value);
/** What the form sends; anything not a number is sent as is, for the server to refuse. */
const sent = (key: Key, text: string) => (text.trim() === '' ? Number.NaN : scaled(key) ? Math.round(Number(text) * 100) : Number(text));

const HINTS: Record<Key, string> = {
  freeCancelMinutes: 'Cancelled at least this long before the start: a full refund. Modify closes at the same time.',
  noShowGraceMinutes: 'A confirmed booking nobody checked in to is released this long after its start, without a refund.',
  topupMaxCents: 'Pesos. Also the largest auto top-up.',
  dailyTopupMaxCents: 'Pesos, per Manila calendar day, counting auto top-ups.',
  commissionBasisPoints:
    'Percent of the wallet money collected for a lot that the platform keeps. Each month’s statement freezes with the rate in force when it closes.',
};

/** The platform settings the booking and wallet rules use (docs/admin.md): each change applies from the next request and is audited. */
export function AdminSettingsPage() {
  const { data } = useSuspenseQuery(platformSettingsQuery);
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <Link to="/admin" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="h-4 w-4" /> Back to Dashboard
      </Link>
      <h1 className="mb-2 text-3xl font-bold">Platform Settings</h1>
      <p className="mb-6 text-muted-foreground">
        These apply to every reservation and top-up from the next request on, including reservations made before the change.
      </p>
      <SettingsForm key={data.updatedAt ?? 'defaults'} settings={data.settings} defaults={data.defaults} updatedAt={data.updatedAt} />
      <SecondFactorSetting required={data.secondFactorRequired} />
    </main>
  );
}

function SettingsForm({
  settings,
  defaults,
  updatedAt,
}: {
  settings: PlatformSettings;
  defaults: PlatformSettings;
  updatedAt: string | null;
}) {
  const [form, setForm] = useState(
    () => Object.fromEntries(SETTING_KEYS.map((key) => [key, shown(key, settings[key])])) as Record<Key, string>,
  );
  const save = useSaveSettings();
  const change: SettingsChange = Object.fromEntries(
    SETTING_KEYS.filter((key) => sent(key, form[key]) !== settings[key]).map((key) => [key, sent(key, form[key])]),
  );
  const changed = Object.keys(change).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(change, {
      onSuccess: () => toast({ title: 'Settings Updated', description: 'The new values apply from now on.' }),
      onError: (failure) => toast({ title: 'Update Failed', description: failure.message, variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <form onSubmit={submit} className="space-y-5" data-testid="settings-form">
        {SETTING_KEYS.map((key) => {
          const { min, max, label } = SETTING_BOUNDS[key];
          return (
            <Field
              key={key}
              label={label}
              htmlFor={`setting-${key}`}
              hint={`${HINTS[key]} Between ${formatSetting(key, min)} and ${formatSetting(key, max)}; default ${formatSetting(key, defaults[key])}.`}
            >
              <Input
                id={`setting-${key}`}
                type="number"
                inputMode={scaled(key) ? 'decimal' : 'numeric'}
                step={scaled(key) ? 0.01 : 1}
                value={form[key]}
                onChange={(e) => setForm((current) => ({ ...current, [key]: e.target.value }))}
              />
            </Field>
          );
        })}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            {updatedAt ? `Last changed ${formatDateTime(updatedAt)}` : 'The defaults are in force.'}
          </p>
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The rule that owners and super admins must set up a second factor (docs/account.md, Second factor). */
function SecondFactorSetting({ required }: { required: boolean }) {
  const save = useSecondFactorSetting();
  return (
    <Card className="mt-6 space-y-2">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand"
          checked={required}
          disabled={save.isPending}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: () => toast({ title: 'Settings Updated' }),
              onError: (failure) => toast({ title: 'Update Failed', description: failure.message, variant: 'destructive' }),
            })
          }
        />
        Owners and super admins must set up a second factor
      </label>
      <p className="text-sm text-muted-foreground">
        Until they do, they are sent to Settings → Security and cannot change lots or the platform. On by default; off in the local demo.
      </p>
    </Card>
  );
}

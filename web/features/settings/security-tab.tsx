import { useQuery } from '@tanstack/react-query';
import { Copy, Download, KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { downloadFile } from '../../lib/download';
import type { SecondFactorStatus } from '../../../core/second-factor';
import { formatDateTime } from '../../../core/time';
import { usePasskeyActions } from '../../lib/passkeys';
import { secondFactorQuery, useSecondFactorActions } from '../../lib/second-factor';
import { QrCode } from '../reservations/qr-pass';

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/** Settings → Security: the authenticator app, passkeys and the recovery codes (docs/account.md, Second factor). */
export function SecurityTab() {
  const status = useQuery(secondFactorQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!status.data) return <Spinner label="Loading security" />;
  const { totp, recoveryCodesLeft, required } = status.data;
  return (
    <div className="space-y-6">
      {required && !totp && status.data.passkeys.length === 0 && (
        <p role="alert" className="rounded-lg border border-border bg-muted p-3 text-sm">
          Parkada requires owners and administrators to set up a second factor. Set one up below to continue.
        </p>
      )}
      <section aria-labelledby="totp-heading" className="space-y-3">
        <h2 id="totp-heading" className="font-semibold">
          Authenticator app
        </h2>
        {totp ? <EnrolledApp recoveryCodesLeft={recoveryCodesLeft} onNewCodes={setCodes} /> : <AppEnrolment onConfirmed={setCodes} />}
      </section>
      <Passkeys passkeys={status.data.passkeys} onFirstFactor={setCodes} />
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
    </div>
  );
}

type Passkey = SecondFactorStatus['passkeys'][number];

/** Passkeys: added with a name, renamed, removed (after a step-up). Each signs in on its own and counts as the second factor. */
function Passkeys({ passkeys, onFirstFactor }: { passkeys: Passkey[]; onFirstFactor: (codes: string[]) => void }) {
  const { add } = usePasskeyActions();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: ({ recoveryCodes }) => {
        setName('');
        toast({ title: 'Passkey Added', description: 'Sign in with it, or use it as your second factor.' });
        if (recoveryCodes) onFirstFactor(recoveryCodes);
      },
      onError: failed('Passkey Not Added'),
    });
  };
  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <h2 id="passkeys-heading" className="font-semibold">
        Passkeys
      </h2>
      <p className="text-sm text-muted-foreground">
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey is also a second factor.
      </p>
      {passkeys.length > 0 && (
        <ul className="divide-y divide-border rounded-lg border border-border" data-testid="passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <Field label="Passkey name" htmlFor="passkey-name">
            <Input id="passkey-name" placeholder="My phone" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        </div>
        <Button type="submit" disabled={add.isPending || !name.trim()}>
          <KeyRound className="h-4 w-4" /> Add a passkey
        </Button>
      </form>
    </section>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { rename, remove } = usePasskeyActions();
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-end gap-2 p-3">
      <div className="min-w-40 flex-1">
        <Field
          label="Name"
          htmlFor={`passkey-${passkey.id}`}
          hint={`Added ${formatDateTime(passkey.createdAt)}${passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ''}`}
        >
          <Input id={`passkey-${passkey.id}`} value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
      </div>
      <Button
        variant="outline"
        disabled={rename.isPending || !name.trim() || name.trim() === passkey.name}
        onClick={() => rename.mutate({ id: passkey.id, name: name.trim() }, { onError: failed('Not Renamed') })}
      >
        Rename
      </Button>
      <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirming(true)}>
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove the passkey “${passkey.name}”?`}
        description="It will no longer sign you in."
        confirmLabel="Remove"
        onConfirm={() =>
          remove.mutate(passkey.id, { onSuccess: () => toast({ title: 'Passkey Removed' }), onError: failed('Not Removed') })
        }
      />
    </li>
  );
}

function AppEnrolment({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { startTotp, confirmTotp } = useSecondFactorActions();
  const [code, setCode] = useState('');
  const started = startTotp.data;
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    confirmTotp.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: 'Authenticator App Added', description: 'Sign-ins by password now ask for its code.' });
        onConfirmed(recoveryCodes);
      },
      onError: failed('Code Not Accepted'),
    });
  };
  if (!started)
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Add a second step to signing in: a 6-digit code from an app such as Google Authenticator, Microsoft Authenticator or 1Password.
        </p>
        <Button onClick={() => startTotp.mutate(undefined, { onError: failed('Could Not Start') })} disabled={startTotp.isPending}>
          <ShieldCheck className="h-4 w-4" /> Set up authenticator app
        </Button>
      </div>
    );
  return (
    <form onSubmit={confirm} className="space-y-3">
      <p className="text-sm">Scan this code with your authenticator app, or type the key below into it.</p>
      <QrCode token={started.otpauthUrl} label="QR code for your authenticator app" testId="totp-qr" />
      <p className="text-sm">
        Key:{' '}
        <code data-testid="totp-secret" className="break-all font-mono">
          {started.secret}
        </code>
      </p>
      <Field label="Code from the app" htmlFor="totp-code">
        <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </Field>
      <Button type="submit" disabled={confirmTotp.isPending || !code.trim()}>
        Confirm
      </Button>
    </form>
  );
}

function EnrolledApp({ recoveryCodesLeft, onNewCodes }: { recoveryCodesLeft: number; onNewCodes: (codes: string[]) => void }) {
  const { removeTotp, newRecoveryCodes } = useSecondFactorActions();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-3">
      <p className="text-sm">Your authenticator app is set up. {recoveryCodesLeft} of 10 recovery codes are unused.</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={newRecoveryCodes.isPending}
          onClick={() =>
            newRecoveryCodes.mutate(undefined, {
              onSuccess: ({ recoveryCodes }) => onNewCodes(recoveryCodes),
              onError: failed('No New Codes'),
            })
          }
        >
          New recovery codes
        </Button>
        <Button variant="outline" disabled={removeTotp.isPending} onClick={() => setConfirming(true)}>
          Remove authenticator app
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the authenticator app?"
        description="Sign-ins by password will no longer ask for its code."
        confirmLabel="Remove"
        onConfirm={() =>
          removeTotp.mutate(undefined, {
            onSuccess: () => toast({ title: 'Authenticator App Removed' }),
            onError: failed('Not Removed'),
          })
        }
      />
    </div>
  );
}

/** Shown once: each code signs in once in place of the app's code. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <section aria-labelledby="recovery-heading" className="space-y-3 rounded-lg border border-border p-4">
      <h2 id="recovery-heading" className="font-semibold">
        Your recovery codes
      </h2>
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe. Each one works once, in place of your app’s code, if you lose your phone. They are not shown again.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void navigator.clipboard.writeText(text).then(() => toast({ title: 'Codes Copied' }))}>
          <Copy className="h-4 w-4" /> Copy
        </Button>
        <Button variant="outline" onClick={() => downloadFile('parkada-recovery-codes.txt', `${text}\n`, 'text/plain;charset=utf-8')}>
          <Download className="h-4 w-4" /> Download
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </section>
  );
}

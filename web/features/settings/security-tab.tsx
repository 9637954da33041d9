import { useQuery } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { secondFactorCodeBody } from '../../../core/second-factor';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast, toastFailure } from '../../components/ui/toast-store';
import { downloadFile } from '../../lib/download';
import { useSchemaForm } from '../../lib/form';
import { secondFactorQuery, useSecondFactorActions } from '../../lib/second-factor';
import { QrCode } from '../reservations/qr-pass';
import { FactorPasswordDialog, useFactorPassword } from './factor-password-dialog';
import { Passkeys } from './passkeys-section';

/** Settings → Security: the authenticator app, passkeys and the recovery codes (docs/account.md, Second factor). */
export function SecurityTab() {
  const status = useQuery(secondFactorQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!status.data) return <Spinner label="Loading security" />;
  const { totp, recoveryCodesLeft, required } = status.data;
  const hasFactor = totp || status.data.passkeys.length > 0;
  return (
    <div className="space-y-6">
      {required && !hasFactor && (
        <p role="alert" className="rounded-lg border border-border bg-muted p-3 text-sm">
          Parkada requires owners and administrators to set up a second factor. Set one up below to continue.
        </p>
      )}
      <section aria-labelledby="totp-heading" className="space-y-3">
        <h2 id="totp-heading" className="font-semibold">
          Authenticator app
        </h2>
        {totp ? (
          <EnrolledApp recoveryCodesLeft={recoveryCodesLeft} onNewCodes={setCodes} />
        ) : (
          <AppEnrolment hasFactor={hasFactor} onConfirmed={setCodes} />
        )}
      </section>
      <Passkeys passkeys={status.data.passkeys} hasFactor={hasFactor} onFirstFactor={setCodes} />
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
    </div>
  );
}

function AppEnrolment({ hasFactor, onConfirmed }: { hasFactor: boolean; onConfirmed: (codes: string[]) => void }) {
  const { startTotp } = useSecondFactorActions();
  const proof = useFactorPassword(hasFactor, startTotp);
  const started = startTotp.data;
  const start = (password?: string) =>
    startTotp.mutate(password, { onSuccess: proof.done, onError: proof.asking ? undefined : toastFailure('Could Not Start') });
  if (!started)
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Add a second step to signing in: a 6-digit code from an app such as Google Authenticator, Microsoft Authenticator or 1Password.
        </p>
        <Button onClick={() => proof.begin(() => start())} disabled={startTotp.isPending}>
          <ShieldCheck className="h-4 w-4" /> Set up authenticator app
        </Button>
        {proof.asking && <FactorPasswordDialog mutation={startTotp} onConfirm={start} onCancel={proof.cancel} />}
      </div>
    );
  return <AppCodeForm otpauthUrl={started.otpauthUrl} secret={started.secret} onConfirmed={onConfirmed} />;
}

/** The started app's QR code and key, and the code it then shows, which confirms it. */
function AppCodeForm({ otpauthUrl, secret, onConfirmed }: { otpauthUrl: string; secret: string; onConfirmed: (codes: string[]) => void }) {
  const { confirmTotp } = useSecondFactorActions();
  const form = useSchemaForm(secondFactorCodeBody, { code: '' });
  const code = useWatch({ control: form.control, name: 'code' });
  const confirm = form.handleSubmit(({ code }) =>
    confirmTotp.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: 'Authenticator App Added', description: 'Sign-ins by password now ask for its code.' });
        onConfirmed(recoveryCodes);
      },
      onError: toastFailure('Code Not Accepted'),
    }),
  );
  return (
    <form onSubmit={confirm} className="space-y-3">
      <p className="text-sm">Scan this code with your authenticator app, or type the key below into it.</p>
      <QrCode token={otpauthUrl} label="QR code for your authenticator app" testId="totp-qr" />
      <p className="text-sm">
        Key:{' '}
        <code data-testid="totp-secret" className="break-all font-mono">
          {secret}
        </code>
      </p>
      <FormField label="Code from the app" htmlFor="totp-code" error={form.formState.errors.code}>
        <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" {...form.register('code')} />
      </FormField>
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
              onError: toastFailure('No New Codes'),
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
            onError: toastFailure('Not Removed'),
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

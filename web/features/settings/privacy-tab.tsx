import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatPeso } from '../../../core/money';
import { deleteAccountSchema } from '../../../core/privacy';
import { Button } from '../../components/ui/button';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { useSchemaForm } from '../../lib/form';
import { useDeleteAccount, useDownloadMyData } from '../../lib/privacy';
import { walletQuery } from '../../lib/wallet';

/** The Data Privacy Act's rights in Settings: a copy of one's data, and deleting the account. */
export function PrivacyTab() {
  const [deleting, setDeleting] = useState(false);
  const download = useDownloadMyData();
  return (
    <div className="space-y-6">
      <section>
        <h2 className="font-semibold">Download my data</h2>
        <p className="mb-3 text-sm text-muted-foreground">
          One zip file of everything Parkada holds about you: your profile, vehicles, bookings, stays, payments, receipts, passes and
          notifications, as JSON and as spreadsheets.
        </p>
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) => toast({ title: 'Download Failed', description: error.message, variant: 'destructive' }),
            })
          }
        >
          <Download className="h-4 w-4" /> {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </section>
      <section>
        <h2 className="font-semibold">Delete my account</h2>
        <p className="mb-3 text-sm text-muted-foreground">
          Your name, e-mail, phone, vehicles and plates are erased at once and you are signed out everywhere. Receipts and payments stay, no
          longer linked to you, as the law requires. This cannot be undone.
        </p>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 className="h-4 w-4" /> Delete my account
        </Button>
      </section>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </div>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(deleteAccountSchema, { password: '', forfeitBalance: false });
  const password = useWatch({ control: form.control, name: 'password' });
  const balanceCents = useQuery(walletQuery).data?.balanceCents ?? 0;
  const remove = useDeleteAccount();
  const submit = form.handleSubmit(({ password, forfeitBalance }) =>
    remove.mutate({ password, forfeitBalance: forfeitBalance || undefined }),
  );
  const refusal = remove.error instanceof ApiError ? remove.error.text : remove.error?.message;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Delete your account?">
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-muted-foreground">Enter your password to confirm. Your account closes at once.</p>
        <FormField label="Password" htmlFor="delete-password" error={form.formState.errors.password}>
          <Input id="delete-password" type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        {balanceCents > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand" {...form.register('forfeitBalance')} />
            Give up my wallet balance of {formatPeso(balanceCents)}
          </label>
        )}
        {refusal && (
          <p role="alert" className="text-sm text-destructive">
            {refusal}
          </p>
        )}
        <DialogButtons
          onCancel={onClose}
          submitLabel={remove.isPending ? 'Deleting...' : 'Delete my account'}
          destructive
          pending={!password || remove.isPending}
        />
      </form>
    </Dialog>
  );
}

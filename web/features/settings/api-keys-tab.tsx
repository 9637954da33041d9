import { useSuspenseQuery } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { apiKeySchema } from '../../../core/api-key-request';
import { scopeLabel, scopesForRole } from '../../../core/api-scopes';
import type { Role } from '../../../core/roles';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/field';
import { FieldProblem, FormField } from '../../components/ui/form-field';
import { toast, toastFailure } from '../../components/ui/toast-store';
import { apiKeysQuery, useApiKeyActions, type ApiKeyView } from '../../lib/api-keys';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';

/** A key just made: `secret`, never `key`, which React keeps for itself. */
type NewKey = { name: string; secret: string };

/** Settings → API keys (docs/api.md): keys for the account's systems, a gate's camera or a point of sale. Loaded with its tab. */
export default function ApiKeysTab({ role }: { role: Role }) {
  const { data: keys } = useSuspenseQuery(apiKeysQuery);
  const [created, setCreated] = useState<NewKey | null>(null);
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground">
        A key lets one of your systems (a barrier, a plate camera, a point of sale) call Parkada as you, within the scopes you give it.
      </p>
      {created ? <KeyShownOnce {...created} onDone={() => setCreated(null)} /> : <NewKeyForm role={role} onCreated={setCreated} />}
      {keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">No API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="divide-y divide-border rounded-lg border border-border">
          {keys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NewKeyForm({ role, onCreated }: { role: Role; onCreated: (created: NewKey) => void }) {
  const { create } = useApiKeyActions();
  const form = useSchemaForm(apiKeySchema, { name: '', scopes: [] });
  const submit = form.handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: ({ key }) => {
        form.reset();
        onCreated({ name: request.name, secret: key });
      },
      onError: (error) => {
        showIssuesOnFields(error, form);
        toastFailure('Key Not Created')(error);
      },
    }),
  );
  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading" className="font-semibold">
        New API key
      </h2>
      <FormField label="Key name" htmlFor="api-key-name" error={form.formState.errors.name}>
        <Input id="api-key-name" placeholder="Barrier, north gate" {...form.register('name')} />
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Scopes</legend>
        {scopesForRole(role).map((scope) => (
          <div key={scope} className="flex items-start gap-2 text-sm">
            <input
              id={`scope-${scope}`}
              type="checkbox"
              value={scope}
              aria-describedby={`scope-${scope}-hint`}
              className="mt-0.5 h-4 w-4 accent-brand"
              {...form.register('scopes')}
            />
            <label htmlFor={`scope-${scope}`} className="font-mono">
              {scope}
            </label>
            <span id={`scope-${scope}-hint`} className="text-muted-foreground">
              {scopeLabel(scope)}
            </span>
          </div>
        ))}
        <FieldProblem error={form.formState.errors.scopes} />
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        <KeyRound className="h-4 w-4" /> Create key
      </Button>
    </form>
  );
}

/** The key itself, which Parkada keeps only as a hash: shown this once. */
function KeyShownOnce({ name, secret, onDone }: NewKey & { onDone: () => void }) {
  return (
    <section aria-labelledby="key-shown-heading" className="space-y-3 rounded-lg border border-border bg-muted p-3">
      <h2 id="key-shown-heading" className="font-semibold">
        Your key “{name}”
      </h2>
      <p className="text-sm">
        Copy it now: Parkada shows it only this once. Your system sends it after <code className="font-mono">Authorization: Bearer</code>.
      </p>
      <code data-testid="new-api-key" className="block break-all font-mono text-sm">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(secret).then(() => toast({ title: 'Key Copied' }))}>
          <Copy className="h-4 w-4" /> Copy key
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const { revoke } = useApiKeyActions();
  const [confirming, setConfirming] = useState(false);
  const used = apiKey.lastUsedAt ? `last used ${formatDateTime(apiKey.lastUsedAt)}` : 'never used';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
      <div className="space-y-1">
        <p className="font-medium">
          {apiKey.name} <code className="font-mono text-muted-foreground">{apiKey.visiblePrefix}…</code>
        </p>
        <p className="font-mono text-muted-foreground">{apiKey.scopes.join(' · ')}</p>
        <p className="text-muted-foreground">
          Created {formatDateTime(apiKey.createdAt)} · {used}
        </p>
      </div>
      <Button variant="outline" aria-label={`Revoke ${apiKey.name}`} disabled={revoke.isPending} onClick={() => setConfirming(true)}>
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke the key “${apiKey.name}”?`}
        description="Systems using it are refused from now on."
        confirmLabel="Revoke"
        onConfirm={() =>
          revoke.mutate(apiKey.id, { onSuccess: () => toast({ title: 'Key Revoked' }), onError: toastFailure('Not Revoked') })
        }
      />
    </li>
  );
}

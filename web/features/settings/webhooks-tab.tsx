/** Settings → Webhooks, for owners (docs/api.md, Webhooks): add one, see its secret once, pause state, deliveries and resend. */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_EVENTS, webhookSchema } from '../../../core/webhooks';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { formatDateTime } from '../../../core/time';
import { showIssuesOnFields, useSchemaForm } from '../../lib/form';
import { deliveriesQuery, useWebhookActions, webhooksQuery, type Webhook } from '../../lib/webhooks';

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

function WebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const form = useSchemaForm(webhookSchema, { url: '', events: [] });
  const { create } = useWebhookActions();
  const submit = form.handleSubmit((json) =>
    create.mutate(json, {
      onSuccess: ({ secret }) => {
        form.reset();
        onCreated(secret);
      },
      onError: (error) => {
        showIssuesOnFields(error, form);
        failed('Webhook Not Added')(error);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl border border-border p-4">
      <FormField label="Endpoint URL" htmlFor="webhook-url" hint="https://… on your server" error={form.formState.errors.url}>
        <Input id="webhook-url" {...form.register('url')} />
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium">Events</legend>
        <div className="mt-1 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2">
              <input type="checkbox" value={event} {...form.register('events')} />
              {event}
            </label>
          ))}
        </div>
        {form.formState.errors.events && <p className="text-sm text-destructive">{form.formState.errors.events.message}</p>}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add Webhook'}
      </Button>
    </form>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const { data: deliveries = [] } = useQuery(deliveriesQuery(webhookId));
  const { resend } = useWebhookActions();
  if (!deliveries.length) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <ul aria-label="Deliveries" className="space-y-1 text-sm">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="flex items-center gap-2">
          <span className="flex-1">
            {delivery.eventType} · {delivery.status} · {delivery.lastStatusCode ?? delivery.lastError ?? '—'} · {delivery.attempts}{' '}
            attempt(s) · {formatDateTime(delivery.createdAt)}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              resend.mutate(
                { id: webhookId, deliveryId: delivery.id },
                { onSuccess: () => toast({ title: 'Delivery Queued', description: delivery.eventType }), onError: failed('Resend Failed') },
              )
            }
          >
            Resend
          </Button>
        </li>
      ))}
    </ul>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const { remove, resume } = useWebhookActions();
  const [open, setOpen] = useState(false);
  return (
    <li data-testid="webhook" className="space-y-2 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 break-all font-semibold">{webhook.url}</span>
        {webhook.pausedAt && <span className="rounded-full bg-muted px-2 py-0.5 text-xs">Paused</span>}
        {webhook.pausedAt && (
          <Button size="sm" onClick={() => resume.mutate(webhook.id, { onError: failed('Resume Failed') })}>
            Resume
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setOpen(!open)}>
          {open ? 'Hide Deliveries' : 'Deliveries'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => remove.mutate(webhook.id, { onError: failed('Delete Failed') })}>
          Delete
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{webhook.events.join(', ')}</p>
      {open && <Deliveries webhookId={webhook.id} />}
    </li>
  );
}

/** The owner's webhooks; a new one's secret is shown here once, to copy to their server. */
export default function WebhooksTab() {
  const { data: webhooks } = useSuspenseQuery(webhooksQuery);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <p className="text-muted-foreground">
        Your server hears of your lots' bookings, stays, reviews and payouts, each signed (docs: The Parkada API, Webhooks).
      </p>
      {secret && (
        <div role="status" className="rounded-xl border border-brand p-4 text-sm">
          <p className="font-semibold">Signing secret: shown this once</p>
          <code className="break-all">{secret}</code>
        </div>
      )}
      <WebhookForm onCreated={setSecret} />
      <ul className="space-y-3">
        {webhooks.map((webhook) => (
          <WebhookItem key={webhook.id} webhook={webhook} />
        ))}
      </ul>
    </div>
  );
}

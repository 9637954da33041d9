import { useSuspenseQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { SUPPORT_TEXT_MAX } from '../../../core/support';
import { supportMessageSchema } from '../../../core/support-request';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { useSchemaForm } from '../../lib/form';
import { supportThreadQuery, useSupportMessage, type SupportThread as Thread } from '../../lib/support';

/** A support request and its thread, for its author or (`asSupport`) for the super admin, who replies as Parkada support. */
export function SupportThread({ id, asSupport = false }: { id: string; asSupport?: boolean }) {
  const { data: request } = useSuspenseQuery(supportThreadQuery(id, asSupport));
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{request.subject}</h1>
      <p className="text-sm text-muted-foreground">
        {[request.categoryLabel, request.status === 'answered' ? 'Answered' : 'Waiting for support', formatDateTime(request.createdAt)]
          .concat(asSupport ? [`${request.authorName} <${request.authorEmail}>`] : [])
          .join(' · ')}
      </p>
      <Card className="space-y-3 p-4">
        <p className="whitespace-pre-wrap text-sm">{request.text}</p>
        {request.attachmentUrl && (
          <a href={request.attachmentUrl} target="_blank" rel="noreferrer" className="block">
            <img
              src={request.attachmentUrl}
              alt="What the author attached"
              className="max-h-64 rounded-lg border border-border object-contain"
            />
          </a>
        )}
      </Card>
      <Messages messages={request.messages} />
      <Reply id={id} asSupport={asSupport} />
    </main>
  );
}

function Messages({ messages }: { messages: Thread['messages'] }) {
  return (
    <section aria-label="Messages" className="space-y-2">
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No replies yet.</p>
      ) : (
        <ol className="space-y-2">
          {messages.map((message) => (
            <li
              key={message.id}
              className={message.fromSupport ? 'rounded-lg bg-muted p-3 text-sm' : 'rounded-lg border border-border p-3 text-sm'}
            >
              <p className="text-xs text-muted-foreground">
                {message.authorName} · {formatDateTime(message.createdAt)}
              </p>
              <p className="whitespace-pre-wrap">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Reply({ id, asSupport }: { id: string; asSupport: boolean }) {
  const form = useSchemaForm(supportMessageSchema, { text: '' });
  const text = useWatch({ control: form.control, name: 'text' });
  const write = useSupportMessage(id, asSupport);
  const send = form.handleSubmit(({ text }) =>
    write.mutate(text, {
      onSuccess: () => form.reset(),
      onError: (error) => toast({ title: 'Message Not Sent', description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <form className="space-y-2" onSubmit={send}>
      <FormField
        label={asSupport ? 'Reply as Parkada support' : 'Add a message'}
        htmlFor="support-reply"
        error={form.formState.errors.text}
      >
        <Textarea id="support-reply" rows={3} maxLength={SUPPORT_TEXT_MAX} {...form.register('text')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={!text.trim() || write.isPending}>
          {write.isPending ? 'Sending...' : asSupport ? 'Send Reply' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

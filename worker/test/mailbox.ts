/**
 * What the e-mail consumer handed to Cloudflare Email Service, for the worker tests. Miniflare's
 * emulation of the `send_email` binding keeps each message in its own store outside workerd (and the
 * Local Explorer that reads it is off under vitest), so a test cannot read it back. Instead the real
 * binding's `send` is wrapped: each message is recorded, then passed on to the real binding unchanged,
 * so the Queue, the consumer and the binding all run as in production. (Not `vi.spyOn`: the binding is
 * an RPC stub, and the spy's `apply` would be sent to it as a remote call.)
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { expect } from 'vitest';
import { EMAIL_QUEUE, type EmailJob } from '../email/email.service';
import worker from '../index';
import { arrived, until } from './arrival';

export type SentEmail = {
  from: { email: string; name?: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

/** Kept on the binding itself: the worker project's files share one runtime, and must not wrap it twice. */
const SENT = Symbol.for('parkada.sentEmails');

function mailbox(): SentEmail[] {
  const binding = env.EMAIL as SendEmail & { [SENT]?: SentEmail[] };
  if (binding[SENT]) return binding[SENT];
  const sent: SentEmail[] = [];
  const send = binding.send as (message: SentEmail) => Promise<EmailSendResult>;
  Object.defineProperty(binding, SENT, { value: sent });
  Object.defineProperty(binding, 'send', {
    configurable: true,
    value: (message: SentEmail) => {
      sent.push(message);
      return send(message);
    },
  });
  return sent;
}

/** Starts recording, before anything is sent (in `beforeAll`); every message sent from then on is in `sentTo`. */
export const openMailbox = () => void mailbox();

export const sentTo = (address: string) => mailbox().filter((message) => message.to === address);

/** Waits until `count` messages have gone to this address (the Queue delivers within a second or so). */
export const waitForMail = (address: string, count = 1): Promise<SentEmail[]> => arrived(() => sentTo(address), count);

/** Waits until a message with this subject has gone to this address, whatever else went there meanwhile. */
export async function waitForSubject(address: string, subject: string): Promise<SentEmail> {
  await until(() => sentTo(address).some((message) => message.subject === subject));
  expect(sentTo(address).map((message) => message.subject)).toContain(subject);
  return sentTo(address).find((message) => message.subject === subject)!;
}

/** The token of the link in a message's plain text (links carry it as `?token=`). */
export const tokenIn = (message: SentEmail) => new URL(message.text.match(/https?:\/\/\S+\?token=\S+/)![0]).searchParams.get('token')!;

/** Hands one message to the e-mail consumer as the Queue would (its `attempts`-th delivery), and what the consumer made of it. */
export async function deliverEmail(job: EmailJob, bindings: Partial<typeof env> = {}, attempts = 1) {
  const batch = createMessageBatch<EmailJob>(EMAIL_QUEUE, [{ id: job.noticeId, timestamp: new Date(), attempts, body: job }]);
  await worker.queue(batch, { ...env, ...bindings });
  return getQueueResult(batch, createExecutionContext());
}

/**
 * A Queue as the worker sees it, keeping a copy of each message it is given (then passing it on to the
 * real Queue), so a test can deliver those messages itself, as often as the Queue might.
 */
export function recordingQueue<T>(real: Queue<T>) {
  const jobs: T[] = [];
  const queue = {
    send: (job: T) => {
      jobs.push(job);
      return real.send(job);
    },
  } as unknown as Queue<T>;
  return { jobs, queue };
}

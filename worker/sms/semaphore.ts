/**
 * Semaphore (semaphore.co), a Philippine SMS gateway: `POST /api/v4/messages` with the form fields
 * `apikey`, `number` (a Philippine mobile, 09XXXXXXXXX), `message` and `sendername` (a sender name
 * registered with Semaphore; its default, SEMAPHORE, when none is set). It answers a JSON array with one
 * object per number sent to: `message_id`, `recipient`, `status` ("Pending", "Queued", "Sent"…), and more.
 */
import { z } from 'zod';
import type { Bindings } from '../env';

const SEMAPHORE_MESSAGES_URL = 'https://api.semaphore.co/api/v4/messages';

const sentMessages = z.array(z.object({ message_id: z.union([z.number(), z.string()]), status: z.string() })).min(1);

/** A Philippine mobile in E.164 (+639171234567) as Semaphore's examples write it (09171234567). */
const semaphoreNumber = (e164: string) => `0${e164.slice(3)}`;

/** Sends one text; the gateway's id of it. Throws on a refusal or an answer that is not Semaphore's, for the Queue to retry. */
export async function sendSms(env: Bindings, e164: string, message: string): Promise<{ messageId: string }> {
  const form = new URLSearchParams({ apikey: env.SMS_API_KEY ?? '', number: semaphoreNumber(e164), message });
  if (env.SMS_SENDER_NAME) form.set('sendername', env.SMS_SENDER_NAME);
  const res = await fetch(env.SMS_API_URL ?? SEMAPHORE_MESSAGES_URL, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`The SMS gateway answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const parsed = sentMessages.safeParse(await res.json());
  if (!parsed.success) throw new Error('The SMS gateway answered without a message id.');
  return { messageId: String(parsed.data[0].message_id) };
}

/**
 * Semaphore's SMS API, for the worker tests: it takes the worker's POSTs in place of `fetch`
 * (`vi.stubGlobal('fetch', gateway.fetch)`) at SMS_URL, checks the request as Semaphore documents it
 * (form fields `apikey`, `number` as 09XXXXXXXXX, `message`, `sendername` when set) and answers as
 * Semaphore does: a JSON array of one message object per number (`message_id`, `recipient`, `status`…).
 * A wrong key is answered 401 and a missing field 422 with Semaphore's field errors. Nothing leaves the test.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import worker from '../index';
import { SMS_QUEUE, type SmsJob } from '../sms/sms.service';

const SMS_URL = 'https://sms.stand-in.test/api/v4/messages';
const SMS_KEY = 'semaphore-test-key';

/** What a test gives the worker for SMS to be on and to reach the stand-in. */
export const smsBindings = { SMS_API_URL: SMS_URL, SMS_API_KEY: SMS_KEY, SMS_SENDER_NAME: 'PARKADA' };

type TextSent = { number: string; message: string; sendername: string | null; messageId: number };

export function smsGatewayStandIn(passThrough: typeof globalThis.fetch) {
  const sent: TextSent[] = [];
  let failWith: number | null = null;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.url !== SMS_URL) return passThrough(input, init);
    if (failWith) return Response.json({ message: 'Service unavailable' }, { status: failWith });
    if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405 });
    const form = await request.formData();
    if (form.get('apikey') !== SMS_KEY) return Response.json({ apikey: ['The apikey is invalid.'] }, { status: 401 });
    const number = String(form.get('number') ?? '');
    const message = String(form.get('message') ?? '');
    const errors = {
      ...(/^09\d{9}$/.test(number) ? {} : { number: ['The number format is invalid.'] }),
      ...(message ? {} : { message: ['The message field is required.'] }),
    };
    if (Object.keys(errors).length) return Response.json(errors, { status: 422 });
    const text = { number, message, sendername: form.get('sendername') as string | null, messageId: 1_000_000 + sent.length };
    sent.push(text);
    const at = new Date().toISOString().replace('T', ' ').slice(0, 19);
    return Response.json([
      {
        message_id: text.messageId,
        user_id: 99556,
        user: 'ops@parkada.ph',
        account_id: 90290,
        account: 'Parkada',
        recipient: number,
        message,
        sender_name: text.sendername ?? 'SEMAPHORE',
        network: 'Globe',
        status: 'Pending',
        type: 'Single',
        source: 'Api',
        created_at: at,
        updated_at: at,
      },
    ]);
  };
  return {
    fetch,
    sent,
    /** The next requests are answered with this status, until `failing(null)`. */
    failing: (status: number | null) => {
      failWith = status;
    },
  };
}

/** Hands one message to the SMS consumer as the Queue would (its `attempts`-th delivery), with SMS on and pointed at the stand-in. */
export async function deliverSms(job: SmsJob, attempts = 1) {
  const batch = createMessageBatch<SmsJob>(SMS_QUEUE, [{ id: job.noticeId, timestamp: new Date(), attempts, body: job }]);
  await worker.queue(batch, { ...env, ...smsBindings });
  return getQueueResult(batch, createExecutionContext());
}

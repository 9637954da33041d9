/**
 * The e-mails the app sent, read as a newcomer reads them: from the Local Explorer of the app's dev
 * server, whose API lists the messages the `send_email` binding's emulation stored (no test-only route).
 */
import { expect, vi } from 'vitest';
import { baseURL } from './browser';

type SentSummary = { messageId: string; to: string[]; subject: string; sentAt: string };
type SentPage = SentSummary[] | { items: SentSummary[]; cursor?: string };

const explorer = <T>(query: string): Promise<{ result: T; result_info?: { cursor?: string } }> =>
  fetch(`${baseURL}/cdn-cgi/local/explorer/api/local/email/sending?${query}`).then((res) => res.json());

/** The plain text of the newest e-mail with this subject sent to this address, once the Queue has sent it. */
export async function mailTo(address: string, subject: string | RegExp): Promise<string> {
  let found: SentSummary | undefined;
  const matches = (mail: SentSummary) =>
    mail.to.includes(address) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  // vi.waitFor, not expect.poll: fixtures read mail in a file's beforeAll too, outside any test. As long
  // as a poll waits (vitest.config.ts).
  await vi.waitFor(
    async () => {
      for (let cursor = '', pages = 0; pages < 20 && !found; pages++) {
        const answer = await explorer<SentPage>(`per_page=100${cursor ? `&cursor=${cursor}` : ''}`);
        const items = Array.isArray(answer.result) ? answer.result : answer.result.items;
        found = items.find(matches);
        cursor = answer.result_info?.cursor ?? (Array.isArray(answer.result) ? undefined : answer.result.cursor) ?? '';
        if (!cursor) break;
      }
      expect(found, `no mail "${subject}" to ${address}`).toBeDefined();
    },
    { timeout: 30_000, interval: 100 },
  );
  const detail = await explorer<{ text: string }>(`email_id=${encodeURIComponent(found!.messageId)}`);
  return detail.result.text;
}

/** The link to this page of the app in an e-mail's text. */
export const linkIn = (text: string, page: string) => text.match(new RegExp(`https?://\\S+${page}\\?token=\\S+`))![0];

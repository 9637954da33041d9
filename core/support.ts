/**
 * Help that reaches a person (docs/support.md): the one support address and hours printed anywhere in
 * the product, and the rules of a support request and its thread.
 */

/** The one channel: the Help page's form, or this address in these hours (Manila time). */
export const SUPPORT = {
  email: 'support@parkada.ph',
  hours: '7 AM – 10 PM daily (Manila time)',
  page: '/help',
} as const;

/** The channel in one line, for messages that must name it (the suspended account's refusal, About). */
export const SUPPORT_LINE = `Parkada support, ${SUPPORT.hours}: the Help page's form, or ${SUPPORT.email}`;

export const SUPPORT_CATEGORIES = ['booking', 'payment', 'gate', 'account', 'owner', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  booking: 'A booking',
  payment: 'A payment or refund',
  gate: 'At the gate',
  account: 'My account',
  owner: 'Listing a lot',
  other: 'Something else',
};

/** `open`: waiting for support; `answered`: support replied last. The author writing again reopens it. */
export const SUPPORT_STATUSES = ['open', 'answered'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_TEXT_MAX = 4000;
/** A thread holds at most this many replies, so one request cannot grow without bound. */
export const MAX_SUPPORT_MESSAGES = 100;
/** A person's requests still open at once: more waits until support answers one. */
export const MAX_OPEN_SUPPORT_REQUESTS = 5;

/**
 * The admin inbox's sort key: open requests before answered ones, each newest activity first. One
 * string column read newest first (keyset pages), so the inbox needs no OFFSET.
 */
export const inboxKey = (status: SupportStatus, lastMessageAt: string) => `${status === 'open' ? 1 : 0}|${lastMessageAt}`;

/**
 * What Parkada's e-mails say, and to whom they may go (docs/notifications.md, E-mail). Every message is
 * rendered here from one set of data into its HTML and its plain text, so the two never disagree:
 * pesos as ₱1,234.00 (core/money.ts), times in Manila (core/time.ts), and a footer that leads to the
 * preferences. Promotional mail carries RFC 8058 one-click unsubscribe.
 */
import { formatPeso } from './money';
import { maskEmail } from './person';
import { formatDateTime } from './time';

/**
 * Why a message is sent, which decides who may receive it: an account's own links (verification,
 * reset) and security notices go to every address, verified or not, whatever the preferences; notices
 * only to a verified address with E-mail Notifications on; promotions only to a verified address with
 * Promotional E-mails on.
 */
export type EmailCategory = 'account' | 'security' | 'notice' | 'promotional';

export type EmailRecipientState = { verified: boolean; emailNotifications: boolean; promotionalEmails: boolean };

export function mayEmail(category: EmailCategory, to: EmailRecipientState): boolean {
  switch (category) {
    case 'account':
    case 'security':
      return true;
    case 'notice':
      return to.verified && to.emailNotifications;
    case 'promotional':
      return to.verified && to.promotionalEmails;
  }
}

/**
 * One fact of a notice, typed so that every message writes it alike: an amount in centavos as pesos,
 * a moment in Manila time, or plain text (a receipt number, a lot).
 */
type NoticeFact = { label: string; pesos: number } | { label: string; at: string } | { label: string; text: string };

/** A notice of the app (a reminder, a receipt, a decision) as e-mailed: its in-app words, its facts and where it leads. */
export type NoticeMail = { title: string; message: string; facts?: NoticeFact[]; link?: { label: string; url: string } };

/** A numbered document (core/receipts.ts) as e-mailed: its number and the VAT its VAT-inclusive amount contains. */
export type MailedDocument = { number: string; amountCents: number; vatCents: number };

/**
 * The documents one charge or refund issued, e-mailed together (docs/payments.md, Receipts by e-mail):
 * the new official receipt, the credit note (VOID) cancelling the receipt it refunds or replaces, or both.
 */
export type ReceiptMailFacts = {
  lotName: string;
  /** What was paid for, in the driver's words ("Parking, slot A1", "Monthly pass: Night, ABC 1234, December 2026"). */
  what: string;
  issuedAt: string;
  receipt?: MailedDocument;
  creditNote?: MailedDocument & { refersTo: string };
};
/** The facts, and the document in the app (the newest of them). */
type ReceiptMail = ReceiptMailFacts & { documentUrl: string };

/** Every e-mail the product sends, with the data each is rendered from. */
export type EmailNotice =
  | { kind: 'verify-email'; link: string; expiresAt: string }
  | { kind: 'reset-password'; link: string; expiresAt: string }
  | { kind: 'password-changed'; at: string }
  | { kind: 'attendant-invitation'; link: string; expiresAt: string; lotName: string; invitedBy: string }
  | { kind: 'confirm-new-email'; link: string; expiresAt: string; newEmail: string }
  | { kind: 'email-changed'; newEmail: string; at: string }
  | { kind: 'second-factor-changed'; change: 'added' | 'removed'; factor: 'totp' | 'passkey'; at: string }
  | { kind: 'new-sign-in'; at: string; device: string }
  | ({ kind: 'notice' } & NoticeMail)
  | ({ kind: 'receipt' } & ReceiptMail);
export type EmailKind = EmailNotice['kind'];

export const EMAIL_CATEGORIES: Record<EmailKind, EmailCategory> = {
  'verify-email': 'account',
  'reset-password': 'account',
  'password-changed': 'security',
  'attendant-invitation': 'account',
  'confirm-new-email': 'account',
  'email-changed': 'security',
  'second-factor-changed': 'security',
  'new-sign-in': 'security',
  notice: 'notice',
  // Transactional: sent as a notice is, so E-mail Notifications off stops it (docs/payments.md, Receipts by e-mail).
  receipt: 'notice',
};

/** Who the message is for and where its footer links lead. */
export type EmailContext = { to: string; firstName: string; origin: string; unsubscribeUrl?: string };

/** A message ready for the `send_email` binding, less the sender. */
export type RenderedEmail = { to: string; subject: string; html: string; text: string; headers: Record<string, string> };

/** One message's content: a heading, paragraphs, figures (a receipt's), and at most one button, laid out the same in both parts. */
export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  figures?: { label: string; value: string }[];
  action?: { label: string; url: string };
  after?: string[];
};

const SETTINGS_PATH = '/settings';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const until = (iso: string) => `${formatDateTime(iso)} (Manila time)`;

const factValue = (fact: NoticeFact) => ('pesos' in fact ? formatPeso(fact.pesos) : 'at' in fact ? until(fact.at) : fact.text);

/** A one-time link of the account's own: what it does, and until when it works. */
function oneTimeLinkContent(notice: Extract<EmailNotice, { link: string }>): EmailContent {
  switch (notice.kind) {
    case 'verify-email':
      return {
        subject: 'Confirm your e-mail address',
        heading: 'Confirm your e-mail address',
        paragraphs: ['Confirm that this address is yours, so Parkada can send you receipts and reminders here.'],
        action: { label: 'Confirm my address', url: notice.link },
        after: [`The link works once, until ${until(notice.expiresAt)}. If you did not sign up for Parkada, ignore this e-mail.`],
      };
    case 'reset-password':
      return {
        subject: 'Set a new Parkada password',
        heading: 'Set a new password',
        paragraphs: ['Someone, hopefully you, asked to set a new password for your Parkada account.'],
        action: { label: 'Set a new password', url: notice.link },
        after: [
          `The link works once, until ${until(notice.expiresAt)}. Setting a new password signs you out on every device.`,
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ],
      };
    case 'attendant-invitation':
      return {
        subject: `${notice.invitedBy} invited you to work the gate of ${notice.lotName}`,
        heading: `Work the gate of ${notice.lotName}`,
        paragraphs: [
          `${notice.invitedBy} added you as an attendant of ${notice.lotName} on Parkada. Set your own password to start checking vehicles in and out.`,
        ],
        action: { label: 'Set my password', url: notice.link },
        after: [
          `The link works once, until ${until(notice.expiresAt)}. Later, set your password with "Forgot password?" on the sign-in page.`,
          'If you do not know this lot, ignore this e-mail.',
        ],
      };
    case 'confirm-new-email':
      return {
        subject: 'Confirm your new Parkada e-mail address',
        heading: 'Confirm your new e-mail address',
        paragraphs: [`Open this link to make ${notice.newEmail} the e-mail of your Parkada account. Until then nothing changes.`],
        action: { label: 'Use this address', url: notice.link },
        after: [`The link works once, until ${until(notice.expiresAt)}. If you did not ask for this, ignore this e-mail.`],
      };
  }
}

/** A change to the account, told to its holder in case it was not them. */
function changeNoticeContent(notice: Extract<EmailNotice, { at: string }>): EmailContent {
  switch (notice.kind) {
    case 'password-changed':
      return {
        subject: 'Your Parkada password was changed',
        heading: 'Your password was changed',
        paragraphs: [
          `The password of your Parkada account was changed on ${until(notice.at)}, and every device was signed out.`,
          'If this was not you, set a new password now with "Forgot password?" on the sign-in page, and contact Parkada support.',
        ],
      };
    case 'new-sign-in':
      return {
        subject: 'A new sign-in to your Parkada account',
        heading: 'A new sign-in',
        paragraphs: [
          `Your Parkada account was signed in to on ${until(notice.at)} from a browser it had not been used on before: ${notice.device}.`,
          'If this was you, there is nothing to do. If not, set a new password now with "Forgot password?" on the sign-in page: it signs out every device.',
        ],
      };
    case 'email-changed':
      return {
        subject: 'Your Parkada e-mail was changed',
        heading: 'Your e-mail was changed',
        paragraphs: [
          `Your Parkada e-mail was changed to ${maskEmail(notice.newEmail)} on ${until(notice.at)}. Sign in with the new address from now on.`,
          'If this was not you, contact Parkada support at once.',
        ],
      };
    case 'second-factor-changed': {
      const factor = notice.factor === 'totp' ? 'An authenticator app' : 'A passkey';
      const what = `${factor} was ${notice.change} ${notice.change === 'added' ? 'to' : 'from'} your Parkada account`;
      return {
        subject: what,
        heading: notice.change === 'added' ? 'A second factor was added' : 'A second factor was removed',
        paragraphs: [
          `${what} on ${until(notice.at)}.`,
          'If this was not you, set a new password now with "Forgot password?" on the sign-in page, and contact Parkada support.',
        ],
      };
    }
  }
}

/** A document's lines: its number, then the VAT breakdown of its amount. */
const documentFigures = (title: string, document: MailedDocument) => [
  { label: title, value: document.number },
  { label: 'VATable sales', value: formatPeso(document.amountCents - document.vatCents) },
  { label: 'VAT (12%)', value: formatPeso(document.vatCents) },
  { label: 'Total', value: formatPeso(document.amountCents) },
];

/** A receipt, a credit note, or the credit note and the receipt that replaces the one it cancels. */
function receiptContent({ lotName, what, issuedAt, receipt, creditNote, documentUrl }: ReceiptMail): EmailContent {
  const cancels = creditNote && `Credit note ${creditNote.number} cancels official receipt ${creditNote.refersTo}`;
  const subject = receipt
    ? `Official receipt ${receipt.number}: ${lotName}`
    : `Credit note ${creditNote!.number} for official receipt ${creditNote!.refersTo}`;
  return {
    subject,
    heading: receipt ? 'Your official receipt' : 'Your credit note',
    paragraphs: [
      `${what} at ${lotName}, issued ${until(issuedAt)}.`,
      ...(cancels
        ? [
            receipt
              ? `${cancels}; official receipt ${receipt.number} replaces it for the new amount.`
              : `${cancels}: the amount is refunded.`,
          ]
        : []),
    ],
    figures: [
      ...(receipt ? documentFigures('Official receipt', receipt) : []),
      ...(creditNote
        ? [...documentFigures('Credit note', creditNote), { label: 'Refers to official receipt', value: creditNote.refersTo }]
        : []),
    ],
    action: { label: receipt ? 'Open the receipt' : 'Open the credit note', url: documentUrl },
  };
}

/** The content of each kind of message. */
export function emailContent(notice: EmailNotice): EmailContent {
  if (notice.kind === 'receipt') return receiptContent(notice);
  if (notice.kind === 'notice')
    return {
      subject: notice.title,
      heading: notice.title,
      paragraphs: [notice.message, ...(notice.facts ?? []).map((fact) => `${fact.label}: ${factValue(fact)}`)],
      action: notice.link,
    };
  return 'link' in notice ? oneTimeLinkContent(notice) : changeNoticeContent(notice);
}

const figuresTable = (figures: NonNullable<EmailContent['figures']>) =>
  `<table style="border-collapse:collapse;margin:0 0 16px">${figures
    .map(
      (figure) =>
        `<tr><td style="padding:2px 16px 2px 0;color:#555">${escapeHtml(figure.label)}</td><td style="padding:2px 0;text-align:right">${escapeHtml(figure.value)}</td></tr>`,
    )
    .join('')}</table>`;

/**
 * The message in HTML and plain text from the same content, with the footer (who it was sent to, the
 * preferences) and, for promotional mail, the one-click unsubscribe headers of RFC 8058.
 */
export function renderEmail(content: EmailContent, ctx: EmailContext): RenderedEmail {
  const settingsUrl = `${ctx.origin}${SETTINGS_PATH}`;
  const greeting = `Hi ${ctx.firstName},`;
  const footer = [`This e-mail was sent to ${ctx.to}.`, `Choose which e-mails you get in Settings → Notifications: ${settingsUrl}`];
  if (ctx.unsubscribeUrl) footer.push(`Unsubscribe from promotional e-mails: ${ctx.unsubscribeUrl}`);

  const text = [
    greeting,
    ...content.paragraphs,
    ...(content.figures ? [content.figures.map((figure) => `${figure.label}: ${figure.value}`).join('\n')] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.after ?? []),
    '—',
    ...footer,
  ].join('\n\n');

  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const link = (label: string, url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: ${link(content.action.url, content.action.url)}</p>`
    : '';
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    p(greeting),
    ...content.paragraphs.map(p),
    content.figures ? figuresTable(content.figures) : '',
    button,
    ...(content.after ?? []).map(p),
    '<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">',
    `<p style="margin:0 0 8px;font-size:12px;color:#555">${escapeHtml(footer[0])}</p>`,
    `<p style="margin:0 0 8px;font-size:12px;color:#555">Choose which e-mails you get in ${link('Settings → Notifications', settingsUrl)}.</p>`,
    ctx.unsubscribeUrl
      ? `<p style="margin:0;font-size:12px;color:#555">${link('Unsubscribe from promotional e-mails', ctx.unsubscribeUrl)}</p>`
      : '',
    '</body></html>',
  ].join('');

  const headers: Record<string, string> = ctx.unsubscribeUrl
    ? { 'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { to: ctx.to, subject: content.subject, html, text, headers };
}

import { describe, expect, it } from 'vitest';
import { emailContent, mayEmail, renderEmail, type EmailCategory } from './email';
import { maskEmail } from './person';

const ctx = { to: 'juan@example.ph', firstName: 'Juan', origin: 'https://parkada.ph' };

describe('rendering', () => {
  it('says the same in HTML and plain text: the link, its Manila expiry and the footer to the preferences', () => {
    const link = 'https://parkada.ph/reset-password?token=abc123';
    const email = renderEmail(emailContent({ kind: 'reset-password', link, expiresAt: '2026-11-23T12:15:00.000Z' }), ctx);
    expect(email.subject).toBe('Set a new Parkada password');
    for (const part of [email.text, email.html]) {
      expect(part).toContain(link);
      expect(part).toContain('Nov 23, 2026, 8:15 PM (Manila time)');
      expect(part).toContain('Settings → Notifications');
      expect(part).toContain('https://parkada.ph/settings');
      expect(part).toContain('This e-mail was sent to juan@example.ph.');
    }
    expect(email.headers).toEqual({});
  });

  it('e-mails an app notice with its facts in pesos and Manila time, and its link, alike in both parts', () => {
    const email = renderEmail(
      emailContent({
        kind: 'notice',
        title: 'Reservation confirmed',
        message: 'Greenbelt 3 Parking, slot A1.',
        facts: [
          { label: 'Paid', pesos: 123400 },
          { label: 'Starts', at: '2026-11-23T12:15:00.000Z' },
          { label: 'Official receipt', text: 'OR-2026-000001' },
        ],
        link: { label: 'Open the pass', url: 'https://parkada.ph/reservation/r1' },
      }),
      ctx,
    );
    expect(email.subject).toBe('Reservation confirmed');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Paid: ₱1,234.00');
      expect(part).toContain('Starts: Nov 23, 2026, 8:15 PM (Manila time)');
      expect(part).toContain('Official receipt: OR-2026-000001');
      expect(part).toContain('https://parkada.ph/reservation/r1');
      expect(part).toContain('https://parkada.ph/settings');
    }
  });

  it('e-mails a receipt with the credit note of the one it replaces: numbers and VAT breakdowns, as a table in HTML', () => {
    const email = renderEmail(
      emailContent({
        kind: 'receipt',
        lotName: 'Greenbelt <3>',
        what: 'Parking, slot A1',
        issuedAt: '2026-11-23T12:15:00.000Z',
        receipt: { number: 'GP1-000003', amountCents: 12_000, vatCents: 1_286 },
        creditNote: { number: 'GP1-000002', amountCents: 8_000, vatCents: 857, refersTo: 'GP1-000001' },
        documentUrl: 'https://parkada.ph/receipt/r3',
      }),
      ctx,
    );
    expect(email.subject).toBe('Official receipt GP1-000003: Greenbelt <3>');
    expect(email.text).toContain('Official receipt: GP1-000003\nVATable sales: ₱107.14\nVAT (12%): ₱12.86\nTotal: ₱120.00');
    expect(email.text).toContain(
      'Credit note: GP1-000002\nVATable sales: ₱71.43\nVAT (12%): ₱8.57\nTotal: ₱80.00\nRefers to official receipt: GP1-000001',
    );
    expect(email.html).toContain(
      '<td style="padding:2px 16px 2px 0;color:#555">VAT (12%)</td><td style="padding:2px 0;text-align:right">₱12.86</td>',
    );
    expect(email.html).toContain('Greenbelt &lt;3&gt;');
    for (const part of [email.text, email.html]) expect(part).toContain('https://parkada.ph/receipt/r3');
  });

  it('tells the old address of a change only the new one’s first two characters and domain', () => {
    expect(maskEmail('nora.aunor@example.ph')).toBe('no•••@example.ph');
    const content = emailContent({ kind: 'email-changed', newEmail: 'nora.aunor@example.ph', at: '2026-11-23T12:15:00.000Z' });
    const email = renderEmail(content, ctx);
    expect(email.subject).toBe('Your Parkada e-mail was changed');
    expect(email.text).toContain('Your Parkada e-mail was changed to no•••@example.ph on Nov 23, 2026, 8:15 PM (Manila time).');
    expect(email.text + email.html).not.toContain('nora.aunor');
  });

  it('escapes what it did not write itself', () => {
    const email = renderEmail(emailContent({ kind: 'password-changed', at: '2026-11-23T12:15:00.000Z' }), {
      ...ctx,
      firstName: '<b>Juan</b>',
    });
    expect(email.html).toContain('Hi &lt;b&gt;Juan&lt;/b&gt;,');
    expect(email.html).not.toContain('<b>Juan</b>');
    expect(email.text).toContain('Hi <b>Juan</b>,');
  });

  it('gives promotional mail RFC 8058 one-click unsubscribe, in the headers and the footer', () => {
    const unsubscribeUrl = 'https://parkada.ph/api/email/unsubscribe?token=t0k3n';
    const content = { subject: 'Weekend rates', heading: 'Weekend rates', paragraphs: ['Park for ₱1,234.00 all weekend.'] };
    const email = renderEmail(content, { ...ctx, unsubscribeUrl });
    expect(email.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(email.text).toContain(`Unsubscribe from promotional e-mails: ${unsubscribeUrl}`);
    expect(email.html).toContain(`href="${unsubscribeUrl}"`);
  });
});

describe('who may receive what', () => {
  const state = (verified: boolean, emailNotifications: boolean, promotionalEmails: boolean) => ({
    verified,
    emailNotifications,
    promotionalEmails,
  });
  const cases: [EmailCategory, ReturnType<typeof state>, boolean][] = [
    ['account', state(false, false, false), true],
    ['security', state(false, false, false), true],
    ['notice', state(false, true, true), false],
    ['notice', state(true, false, true), false],
    ['notice', state(true, true, false), true],
    ['promotional', state(false, true, true), false],
    ['promotional', state(true, true, false), false],
    ['promotional', state(true, false, true), true],
  ];
  it.each(cases)('%s mail to %o: %s', (category, to, expected) => expect(mayEmail(category, to)).toBe(expected));
});

/**
 * Every charge's receipt by e-mail (docs/payments.md, Receipts by e-mail), through the real app, the
 * real e-mail Queue and its consumer, and the `send_email` binding (read through worker/test/mailbox.ts):
 * each kind of charge e-mails its official receipt number and VAT breakdown, a refund its credit note
 * referring to the receipt it cancels; nothing with E-mail Notifications off; once however often the
 * Queue delivers it.
 */
import { env } from 'cloudflare:test';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPeso } from '../../core/money';
import { DAY_MS } from '../../core/time';
import { lots, monthlyPasses, preferences, receipts, users } from '../db/schema';
import type { EmailJob } from '../email/email.service';
import { renewDuePasses } from '../monthly-passes/monthly-passes.service';
import { cancelBooking, driver, extendBooking, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { atTheGate, endedAgo, gateEnter, gateExit, payCodeFor, reservedCar, walkIn, type Checkin } from '../test/gate-fixtures';
import { call, db, key } from '../test/helpers';
import { deliverEmail, openMailbox, recordingQueue, sentTo, waitForSubject, type SentEmail } from '../test/mailbox';
import { buy, passLot, seedPasses, type Pass } from '../test/pass-fixtures';

let owner = '';
beforeAll(async () => {
  openMailbox();
  await seedPasses();
  ({ owner } = await atTheGate());
});

type Document = typeof receipts.$inferSelect;

/** A driver whose address is verified, with E-mail Notifications as given (on unless said). */
async function mailableDriver(pesos = 2_000, emailNotifications = true) {
  const person = await driver(pesos);
  await db().update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, person.user.id));
  await db().update(preferences).set({ emailNotifications }).where(eq(preferences.userId, person.user.id));
  return person;
}

const documentsOf = (subject: { reservationId: string } | { monthlyPassId: string }) =>
  db()
    .select()
    .from(receipts)
    .where(
      'reservationId' in subject ? eq(receipts.reservationId, subject.reservationId) : eq(receipts.monthlyPassId, subject.monthlyPassId),
    )
    .orderBy(asc(receipts.seq));

const lotNameOf = async (lotId: string) => (await db().select({ name: lots.name }).from(lots).where(eq(lots.id, lotId)))[0].name;

/** The document's lines as the e-mail gives them: its number and its VAT breakdown. */
const linesOf = (title: string, document: Document) =>
  [
    `${title}: ${document.number}`,
    `VATable sales: ${formatPeso(document.amountCents - document.vatCents)}`,
    `VAT (12%): ${formatPeso(document.vatCents)}`,
    `Total: ${formatPeso(document.amountCents)}`,
  ].join('\n');

/** Fails unless the e-mail gives the receipt's lines and, when given, the credit note's referring to the receipt it cancels, in both parts. */
function expectDocuments(mail: SentEmail, receipt: Document | null, creditNote?: { document: Document; refersTo: Document }) {
  if (receipt) {
    expect(mail.text).toContain(linesOf('Official receipt', receipt));
    expect(mail.html).toContain(receipt.number);
  }
  if (creditNote) {
    expect(mail.text).toContain(
      `${linesOf('Credit note', creditNote.document)}\nRefers to official receipt: ${creditNote.refersTo.number}`,
    );
    expect(mail.html).toContain(creditNote.refersTo.number);
  } else expect(mail.text).not.toContain('Credit note');
}

/** A verified driver's booking at a new lot, starting in an hour. */
async function booked(hours = 2) {
  const lotId = await makeLot(2);
  const person = await mailableDriver();
  const res = await reserve(person.cookie, { lotId, start: inMinutes(60), durationHours: hours });
  expect(res.status).toBe(201);
  return { ...person, lotId, lotName: await lotNameOf(lotId), reservationId: (await res.json<{ id: string }>()).id };
}

describe('a receipt by e-mail for every charge', () => {
  it('a gate charge paid from the wallet (an overstay): the new receipt, and the credit note of the one it replaces', async () => {
    const lotId = await makeLot(1);
    const { user, booking, token } = await reservedCar(lotId);
    await db().update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, user.id));
    const { id } = await (await gateEnter(owner, { lotId, plate: 'NAB 1234', passToken: token })).json<Checkin>();
    await endedAgo(booking.id, 61);
    expect((await gateExit(owner, id, { lotId, plate: 'NAB 1234' })).status).toBe(200);
    const [first, voided, receipt] = await documentsOf({ reservationId: booking.id });
    expect(receipt).toMatchObject({ kind: 'RECEIPT', amountCents: 12_000, vatCents: 1_286 });
    const mail = await waitForSubject(user.email, `Official receipt ${receipt.number}: ${await lotNameOf(lotId)}`);
    expect(mail.text).toContain('VAT (12%): ₱12.86');
    expectDocuments(mail, receipt, { document: voided, refersTo: first });
    expect(mail.text).toContain(`${env.APP_ORIGIN ?? 'http://localhost:5173'}/receipt/${receipt.id}`);
  });

  it('a walk-in paid with a pay code: the receipt of the stay it made the driver’s', async () => {
    const lotId = await makeLot(2);
    const payer = await mailableDriver(1_000);
    const stay = await walkIn(lotId, 'PAY 777', 3 * 60 + 5);
    const paid = await gateExit(owner, stay.id, { lotId, plate: 'PAY 777', payCode: await payCodeFor(payer.cookie, lotId) });
    expect(paid.status).toBe(200);
    const [receipt] = await db()
      .select()
      .from(receipts)
      .where(eq(receipts.id, (await paid.json<Checkin>()).receiptId!));
    expect(receipt).toMatchObject({ amountCents: 16_000, vatCents: 1_714 });
    const mail = await waitForSubject(payer.user.email, `Official receipt ${receipt.number}: ${await lotNameOf(lotId)}`);
    expect(mail.text).toContain('VATable sales: ₱142.86');
    expectDocuments(mail, receipt);
  });

  it('an extension: the receipt for the new total, and the credit note of the one it replaces', async () => {
    const { user, cookie, lotName, reservationId } = await booked();
    expect((await extendBooking(cookie, reservationId, 1)).status).toBe(200);
    const [first, voided, receipt] = await documentsOf({ reservationId });
    const mail = await waitForSubject(user.email, `Official receipt ${receipt.number}: ${lotName}`);
    expectDocuments(mail, receipt, { document: voided, refersTo: first });
  });

  it('a monthly pass bought, and its renewal: each its own receipt', async () => {
    const { lotId, product } = await passLot({ quantity: 2 });
    const { user, cookie } = await mailableDriver(7_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234', autoRenew: true })).json<Pass>();
    const lotName = await lotNameOf(lotId);
    const [bought] = await documentsOf({ monthlyPassId: pass.id });
    const purchase = await waitForSubject(user.email, `Official receipt ${bought.number}: ${lotName}`);
    expect(purchase.text).toContain(`Monthly pass: ${product.name}, NAB 1234`);
    expect(purchase.text).toContain('VAT (12%): ₱321.43');
    expectDocuments(purchase, bought);

    expect(await renewDuePasses(env, db(), new Date(Date.parse(pass.validUntil) - 2 * DAY_MS))).toMatchObject({ renewed: 1 });
    const [next] = await db().select().from(monthlyPasses).where(eq(monthlyPasses.renewsId, pass.id));
    const [renewed] = await documentsOf({ monthlyPassId: next.id });
    expectDocuments(await waitForSubject(user.email, `Official receipt ${renewed.number}: ${lotName}`), renewed);
  });

  it('a refund: the credit note, referring to the receipt it cancels', async () => {
    const { user, cookie, reservationId } = await booked();
    expect((await cancelBooking(cookie, reservationId)).status).toBe(200);
    const [receipt, creditNote] = await documentsOf({ reservationId });
    expect(creditNote).toMatchObject({ kind: 'VOID', voidsId: receipt.id });
    const mail = await waitForSubject(user.email, `Credit note ${creditNote.number} for official receipt ${receipt.number}`);
    expectDocuments(mail, null, { document: creditNote, refersTo: receipt });
    expect(mail.text).toContain(`/receipt/${creditNote.id}`);
  });
});

describe('receipt e-mails, as e-mail goes', () => {
  /** An extension made through a Queue that keeps the jobs it is given (and passes them on), and the receipt's job. */
  async function extendedKeepingJobs(person: { cookie: string }, reservationId: string) {
    const emailQueue = recordingQueue(env.EMAIL_QUEUE);
    const res = await call(`/api/reservations/${reservationId}/extend`, {
      method: 'POST',
      cookie: person.cookie,
      json: { hours: 1 },
      headers: key(),
      bindings: { EMAIL_QUEUE: emailQueue.queue },
    });
    expect(res.status).toBe(200);
    const receiptJobs = emailQueue.jobs.filter((job: EmailJob) => job.request.kind === 'receipt');
    expect(receiptJobs).toHaveLength(1);
    return receiptJobs[0];
  }

  it('sends nothing to a driver who switched E-mail Notifications off', async () => {
    const lotId = await makeLot(2);
    const person = await mailableDriver(2_000, false);
    const { id } = await (await reserve(person.cookie, { lotId, start: inMinutes(60), durationHours: 2 })).json<{ id: string }>();
    const job = await extendedKeepingJobs(person, id);
    expect((await deliverEmail(job)).explicitAcks).toEqual([job.noticeId]);
    expect(sentTo(person.user.email)).toEqual([]);
  });

  it('e-mails a receipt once, however often the Queue delivers its message', async () => {
    const { user, cookie, lotName, reservationId } = await booked();
    const job = await extendedKeepingJobs({ cookie }, reservationId);
    const receipt = (await documentsOf({ reservationId })).at(-1)!;
    expect(job.noticeId).toBe(`email:receipt:${receipt.id}`);
    const subject = `Official receipt ${receipt.number}: ${lotName}`;
    await waitForSubject(user.email, subject);
    for (let attempt = 2; attempt <= 3; attempt++) await deliverEmail(job, {}, attempt);
    expect(sentTo(user.email).filter((mail) => mail.subject === subject)).toHaveLength(1);
  });
});

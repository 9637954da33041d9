/** The Data Privacy Act's rights (docs/privacy.md): "Delete my account" and "Download my data". */
import { and, eq, is, or } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import {
  auditLogs,
  checkins,
  lots,
  payments,
  pushSubscriptions,
  webhooks,
  reservations,
  sessions,
  vehicles,
  verifications,
  wallets,
  walletTransactions,
} from '../db/schema';
import { newId } from '../db/ids';
import { balanceOf, reservationRow, topUp } from '../test/booking-fixtures';
import { call, db, messageOf, seedOnce, signedInAs } from '../test/helpers';
import { addVehicle, newDriver } from '../test/account-fixtures';
import { fullPlatesInD1, fullPlatesInLots } from '../test/full-plates';
import { run } from '../test/raw-records';
import { findUserByEmail } from '../users/users.data';

/** Every table with a column that names a person (a reference to users, or a user_id / owner_id kept without one), and those columns. */
function tablesWithUserColumns() {
  return (Object.values(schema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => {
      const config = getTableConfig(table);
      const referring = config.foreignKeys.flatMap((fk) => {
        const { columns, foreignTable } = fk.reference();
        return foreignTable === schema.users ? columns : [];
      });
      const named = config.columns.filter((column) => column.name === 'user_id' || column.name === 'owner_id');
      return { name: config.name, table, columns: [...new Set([...referring, ...named])] };
    })
    .filter(({ columns }) => columns.length > 0);
}

const OPEN_RESERVATION = 'you have 1 reservation not yet ended';

const deleteAccount = (cookie: string, json: Record<string, unknown>) => call('/api/account', { method: 'DELETE', cookie, json });

async function bookedReservation(userId: string, plate: string, status: 'CONFIRMED' | 'COMPLETED') {
  const [lot] = await db().select({ id: lots.id }).from(lots).limit(1);
  const id = newId();
  const start = new Date(Date.now() - 4 * 3600_000);
  await db()
    .insert(reservations)
    .values({
      id,
      userId,
      lotId: lot.id,
      vehiclePlate: plate,
      status,
      startTs: start.toISOString(),
      endTs: new Date(start.getTime() + 2 * 3600_000).toISOString(),
      amountCents: 8000,
    });
  return { id, lotId: lot.id, start };
}

/** A monthly pass of the person's plate at a lot, valid over the given window (a product of its own on sale). */
async function monthlyPass(userId: string, lotId: string, plate: string, validFrom: Date, validUntil: Date) {
  const productId = newId();
  const hours = { daysMask: 127, openMinute: 0, closeMinute: 1440 };
  await db()
    .insert(schema.passProducts)
    .values({ id: productId, lotId, name: 'Office Pass', priceCents: 350_000, quantity: 5, ...hours });
  await db()
    .insert(schema.monthlyPasses)
    .values({
      id: newId(),
      productId,
      lotId,
      userId,
      plate,
      periodKind: 'month',
      validFrom: validFrom.toISOString(),
      validUntil: validUntil.toISOString(),
      amountCents: 350_000,
      ...hours,
    });
}

describe('Delete my account', () => {
  it('refuses a wrong password with 400 and changes nothing', async () => {
    const { cookie, body } = await newDriver();
    const res = await deleteAccount(cookie, { password: 'not my password' });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('Your password is incorrect.');
    expect(await (await call('/api/auth/user', { cookie })).json()).toMatchObject({ email: body.email, deletedAt: null });
  });

  it('refuses with 409 while a reservation is not ended, a balance is held or an active lot is owned, saying what to do', async () => {
    await seedOnce();
    const { cookie, userId, body } = await newDriver();
    const { lotId } = await bookedReservation(userId, 'OPN 1234', 'CONFIRMED');
    await monthlyPass(userId, lotId, 'OPN 1234', new Date(Date.now() - 3600_000), new Date(Date.now() + 86_400_000));
    await topUp(cookie, 150);
    const [lot] = await db().select().from(lots).limit(1);
    await db()
      .insert(lots)
      .values({ ...lot, id: newId(), ownerId: userId, name: 'My Lot' });
    const res = await deleteAccount(cookie, { password: body.password });
    expect(res.status).toBe(409);
    const message = await messageOf(res);
    expect(message).toContain(OPEN_RESERVATION);
    expect(message).toContain('you have a monthly pass in force');
    expect(message).toContain('your wallet holds ₱150.00: refund your top-ups');
    expect(message).toContain('you own 1 active lot: deactivate or delete it first');
    // Giving up the balance does not lift the other refusals.
    const forfeiting = await deleteAccount(cookie, { password: body.password, forfeitBalance: true });
    expect(await messageOf(forfeiting)).not.toContain('wallet');
    expect(await balanceOf(userId)).toBe(15000);
    expect((await call('/api/auth/user', { cookie })).status).toBe(200);
  });

  it('erases the identity at once, ends every session, keeps the money records on the pseudonymous id, and frees the e-mail', async () => {
    await seedOnce();
    const { cookie, userId, body } = await newDriver();
    const otherSession = await signedInAs(userId);
    await addVehicle(cookie, { plate: 'ERA 5678' });
    const { id: reservationId, lotId, start } = await bookedReservation(userId, 'ERA 5678', 'COMPLETED');
    await monthlyPass(userId, lotId, 'ERA 5678', new Date(Date.now() - 40 * 86_400_000), new Date(Date.now() - 10 * 86_400_000));
    // Two stays the gate camera read: once as it was, once as another plate the attendant corrected;
    // the second's overstay paid by a friend's pay code, whose notice names the car.
    const payer = await newDriver();
    for (const [read, paidBy] of [
      ['ERA 5678', null],
      ['ERA 5676', payer.userId],
    ])
      await run(
        `INSERT INTO checkins (id, lot_id, reservation_id, plate, entry_ts, exit_ts, plate_read_text, plate_read_confidence, plate_read_corrected, payer_id)
         VALUES (?, ?, ?, 'ERA 5678', ?, ?, ?, 0.9, ?, ?)`,
        newId(),
        lotId,
        reservationId,
        start.toISOString(),
        new Date(start.getTime() + 3600_000).toISOString(),
        read,
        read === 'ERA 5678' ? 0 : 1,
        paidBy,
      );
    await run(
      `INSERT INTO notifications (id, user_id, type, title, message) VALUES (?, ?, 'PAYMENT_SUCCESS', 'Pay code used', ?)`,
      newId(),
      payer.userId,
      'Your pay code paid ₱80.00 from your wallet at Test Lot, for the stay of ERA 5678.',
    );
    await run(
      `INSERT INTO audit_logs (id, actor_id, actor, action, subject, context_json) VALUES (?, NULL, 'Gate', 'OVERRIDE_ENTRY', ?, ?)`,
      newId(),
      `reservation:${reservationId}`,
      JSON.stringify({ plate: 'ERA 5678', bookedPlate: 'ERA 5678', email: body.email }),
    );
    await db()
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint: `https://push.example/${userId}`, p256dh: 'key', auth: 'secret' });
    await db()
      .insert(webhooks)
      .values({
        id: newId(),
        ownerId: userId,
        url: 'https://hooks.partner.example/era',
        events: ['payout.recorded'],
        secret: 'whsec_x',
        createdAt: start.toISOString(),
      });
    await topUp(cookie, 120);

    const res = await deleteAccount(cookie, { password: body.password, forfeitBalance: true });
    expect(res.status).toBe(204);
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=0/);

    // Signed out everywhere, and the old e-mail and password open nothing.
    for (const session of [cookie, otherSession]) expect((await call('/api/auth/user', { cookie: session })).status).toBe(401);
    expect((await call('/api/auth/login', { method: 'POST', json: { email: body.email, password: body.password } })).status).toBe(401);
    expect(await findUserByEmail(db(), body.email)).toBeNull();

    // Nothing personal is left in any row that names the person, nor on their stays and audit entries.
    const personal = [body.email, body.firstName, body.lastName, body.mobile, 'ERA 5678', 'ERA5678'];
    const rows: unknown[] = [];
    for (const { table, columns } of tablesWithUserColumns())
      rows.push(
        ...(await db()
          .select()
          .from(table)
          .where(or(...columns.map((column) => eq(column, userId))))),
      );
    rows.push(...(await db().select().from(checkins).where(eq(checkins.reservationId, reservationId))));
    rows.push(
      ...(await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.subject, `reservation:${reservationId}`))),
    );
    const text = JSON.stringify(rows);
    for (const word of personal) expect(text).not.toContain(word);
    // Nor is any of their plates, or a camera's read of them, left in full in any column of D1 or in any lot object.
    expect(await fullPlatesInD1(['ERA 5678', 'ERA 5676'])).toEqual([]);
    expect((await fullPlatesInLots(['ERA 5678', 'ERA 5676'])).found).toEqual([]);
    const [notice] = await db()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, payer.userId), eq(schema.notifications.title, 'Pay code used')));
    expect(notice.message).toBe('Your pay code paid ₱80.00 from your wallet at Test Lot, for the stay of ERA ••78.');
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db().select().from(vehicles).where(eq(vehicles.userId, userId))).toEqual([]);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([]);
    // No webhook posts the events of an account that is gone (a payout recorded later).
    expect(await db().select().from(webhooks).where(eq(webhooks.ownerId, userId))).toEqual([]);
    // The verification link sign-up sent is keyed by the address, not the account.
    expect(await db().select().from(verifications).where(eq(verifications.target, body.email))).toEqual([]);

    // The money stays: the top-up, and a ledger that still adds up to the (now empty) balance.
    const [wallet] = await db().select().from(wallets).where(eq(wallets.userId, userId));
    const ledger = await db().select().from(walletTransactions).where(eq(walletTransactions.walletId, wallet.id));
    expect(ledger.map((row) => [row.type, row.amountCents])).toEqual(expect.arrayContaining([['DEBIT', -12000]]));
    expect(ledger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(wallet.balanceCents);
    expect(wallet.balanceCents).toBe(0);
    expect(await db().select().from(payments).where(eq(payments.userId, userId))).toHaveLength(1);
    expect((await reservationRow(reservationId)).vehiclePlate).toBe('ERA ••78');

    // The erasure is audited under the pseudonymous id, with nothing erased in it.
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'DELETE_ACCOUNT'), eq(auditLogs.subject, `user:${userId}`)));
    expect(entry).toMatchObject({ actorId: userId, actor: `Deleted user <deleted-${userId}@deleted.parkada.invalid>` });
    expect(JSON.parse(entry.contextJson)).toEqual({ forfeitedCents: 12000 });

    const [pass] = await db().select().from(schema.monthlyPasses).where(eq(schema.monthlyPasses.userId, userId));
    expect(pass.plate).toBe('ERA ••78');

    // The same e-mail signs up again as a new person.
    const again = await call('/api/auth/signup', { method: 'POST', json: { ...body } });
    expect(again.status).toBe(201);
    expect((await again.json<{ user: { id: string } }>()).user.id).not.toBe(userId);
  });
});

/**
 * Tables that name a person but hold nothing of theirs to hand over, and why. Every other table with a
 * user column must have its own entry in the download.
 */
const NOT_EXPORTED: Record<string, string> = {
  // Which archived periods hold the person's bookings (a lot and a month each): the bookings are exported themselves.
  archived_bookings: 'derived',
  // Replay protection of money requests: a random key and a hash of a body already exported as its record.
  idempotency_keys: 'technical',
  // Per-lot daily counts derived from the reservations and charges, which are exported themselves.
  lot_customer_days: 'derived',
  // The same counts on their way to the lot's object, and the first day of each driver among those moved.
  customer_days_outbox: 'derived',
  lot_customers: 'derived',
  // The platform's settings; who changed them is in the audit entries, which are exported.
  platform_settings: 'platform',
  // A merchant's validation codes; what one took off the person's stay is in the stay (checkins.validated_cents).
  validations: 'merchant',
};

describe('Delete my account, twice at once', () => {
  it('closes the account once and gives up the balance once; the other request is refused, never a 500', async () => {
    const { cookie, userId, body } = await newDriver();
    await topUp(cookie, 50);
    const statuses = await Promise.all([1, 2].map(() => deleteAccount(cookie, { password: body.password, forfeitBalance: true })));
    expect(statuses.filter((res) => res.status === 204)).toHaveLength(1);
    expect(statuses.every((res) => res.status < 500)).toBe(true);
    const [wallet] = await db().select().from(wallets).where(eq(wallets.userId, userId));
    const debits = await db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.walletId, wallet.id), eq(walletTransactions.type, 'DEBIT')));
    expect(debits.map((row) => row.amountCents)).toEqual([-5000]);
    expect(wallet.balanceCents).toBe(0);
  });
});

describe('Download my data', () => {
  it('is a zip with a JSON and a CSV for every table that names the person, theirs and no one else’s', async () => {
    await seedOnce();
    const me = await newDriver();
    const other = await newDriver();
    await addVehicle(me.cookie, { plate: 'MNE 1111' });
    await addVehicle(other.cookie, { plate: 'OTH 2222' });
    await bookedReservation(me.userId, 'MNE 1111', 'COMPLETED');

    const res = await call('/api/account/export', { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="parkada-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['parkada-data.json'])) as Record<string, Record<string, unknown>[]>;

    for (const { name } of tablesWithUserColumns()) {
      if (name in NOT_EXPORTED) continue;
      expect(data, `the download has no entry for ${name}`).toHaveProperty(name);
      expect(files, `the download has no CSV for ${name}`).toHaveProperty([`${name}.csv`]);
    }
    expect(data.users).toMatchObject([{ id: me.userId, email: me.body.email }]);
    expect(data.users[0]).not.toHaveProperty('passwordHash');
    expect(data.vehicles).toMatchObject([{ plate: 'MNE 1111' }]);
    expect(data.reservations).toMatchObject([{ vehiclePlate: 'MNE 1111' }]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).not.toHaveProperty('id');
    expect(strFromU8(files['vehicles.csv'])).toContain('MNE 1111');
    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    for (const theirs of [other.userId, other.body.email, 'OTH 2222']) expect(everything).not.toContain(theirs);
  });

  it('is refused with 429 past 5 downloads an hour', async () => {
    const { cookie } = await newDriver();
    for (let i = 0; i < 5; i++) expect((await call('/api/account/export', { cookie })).status).toBe(200);
    const refused = await call('/api/account/export', { cookie });
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^You have downloaded your data several times this hour\. Try again in \d+ minutes\.$/);
  });
});

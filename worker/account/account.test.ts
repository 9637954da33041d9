import { and, eq, is, or } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { strFromU8, unzipSync } from 'fflate';
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_CODE_NOT_VALID, SMS_OFF } from '../../core/phone';
import { MINUTE_MS } from '../../core/time';
import { MAX_PHONE_CODES_PER_ACCOUNT } from '../auth/rate-limit';
import { consumeCode, prepareCode } from '../auth/verification.service';
import { recordingQueue } from '../test/mailbox';
import { deliverSms, smsBindings, smsGatewayStandIn } from '../test/sms-stand-in';
import { CONSENT_MESSAGES, consentDue, CURRENT_VERSIONS, type AcceptedVersions } from '../../core/legal';
import * as schema from '../db/schema';
import {
  auditLogs,
  checkins,
  lots,
  payments,
  pushSubscriptions,
  reservations,
  sessions,
  users,
  vehicles,
  verifications,
  wallets,
  walletTransactions,
} from '../db/schema';
import { newId } from '../db/ids';
import { balanceOf, reservationRow, topUp } from '../test/booking-fixtures';
import { call, db, messageOf, seedOnce, sessionCookie, signedInAs, signupBody } from '../test/helpers';
import { openMailbox, sentTo, tokenIn, waitForMail } from '../test/mailbox';
import { sha256Hex } from '../auth/secret-token';
import { EMAIL_CHANGE_SENT, LINK_NOT_VALID } from '../../core/verification';
import { run } from '../test/raw-records';
import { findUserByEmail } from '../users/users.data';

type Vehicle = { id: string; plate: string; isDefault: boolean; color: string | null };

async function newDriver() {
  const res = await call('/api/auth/signup', { method: 'POST', json: signupBody() });
  const { user } = await res.json<{ user: { id: string } }>();
  return { cookie: sessionCookie(res), userId: user.id };
}

const addVehicle = (cookie: string, body: Record<string, unknown>) =>
  call('/api/user/vehicles', { method: 'POST', json: { make: 'Toyota', model: 'Vios', ...body }, cookie });
const vehiclesOf = async (cookie: string) => (await call('/api/user/vehicles', { cookie })).json<Vehicle[]>();

describe('profile', () => {
  it('updates names and a Philippine mobile; the e-mail cannot change', async () => {
    const { cookie } = await newDriver();
    const before = await (await call('/api/auth/user', { cookie })).json<{ email: string }>();
    const res = await call('/api/user/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'Maja', lastName: 'Salvador', phone: '+63 918-7654321', email: 'new@x.ph' },
    });
    expect(res.status).toBe(200);
    const me = await (await call('/api/auth/user', { cookie })).json();
    expect(me).toMatchObject({ firstName: 'Maja', lastName: 'Salvador', phone: '+639187654321', email: before.email });
  });

  it('holds the phone in E.164, and a new number is unverified until its code is typed', async () => {
    const { cookie, userId } = await newDriver();
    expect(await (await call('/api/auth/user', { cookie })).json()).toMatchObject({ phone: '+639175551234' });
    await db().update(users).set({ phoneVerifiedAt: new Date().toISOString() }).where(eq(users.id, userId));
    const save = async (phone: string) =>
      (await call('/api/user/profile', { method: 'PATCH', cookie, json: { firstName: 'A', lastName: 'B', phone } })).json();
    expect(await save('+63 917-5551234')).toMatchObject({ phone: '+639175551234', phoneVerifiedAt: expect.any(String) });
    expect(await save('+63 917-5559999')).toMatchObject({ phone: '+639175559999', phoneVerifiedAt: null });
  });

  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ phone: '0917' }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.'],
    [{ phone: '+63 917-1234' }, 'Please enter a Philippine mobile number such as +63 917-1234567.'],
    [{ phone: '+63 817-1234567' }, 'Please enter a Philippine mobile number such as +63 917-1234567.'],
    [{ phone: '+1 555-0100' }, 'Please enter a valid mobile number: a country code and xxx-xxxxxxx.'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const { cookie } = await newDriver();
    const res = await call('/api/user/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'A', lastName: 'B', phone: '+63 917-1234567', ...override },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});

describe('Change e-mail', () => {
  beforeAll(openMailbox);
  /** A driver signed up with `body`'s address and password, asking to move to a new address. */
  async function asking() {
    const body = signupBody();
    const res = await call('/api/auth/signup', { method: 'POST', json: body });
    const cookie = sessionCookie(res);
    const { user } = await res.json<{ user: { id: string } }>();
    const newEmail = signupBody().email;
    const ask = (json: Record<string, unknown>) => call('/api/account/email', { method: 'POST', cookie, json });
    return { ...body, userId: user.id, cookie, newEmail, ask };
  }
  const confirm = (token: string) => call('/api/account/email/confirm', { method: 'POST', json: { token } });
  const emailOf = async (cookie: string) =>
    await (await call('/api/auth/user', { cookie })).json<{ email: string; emailVerified: boolean }>();

  it('takes effect only when the link sent to the new address is opened, verified, and tells the old address', async () => {
    const { email, password, userId, cookie, newEmail, ask } = await asking();
    const res = await ask({ newEmail, password });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: EMAIL_CHANGE_SENT });
    const [mail] = await waitForMail(newEmail);
    expect(mail.subject).toBe('Confirm your new Parkada e-mail address');
    const token = tokenIn(mail);
    // Nothing changed yet; the link is stored as a hash, for this account.
    expect(await emailOf(cookie)).toMatchObject({ email, emailVerified: false });
    const [link] = await db().select().from(schema.verifications).where(eq(schema.verifications.target, newEmail));
    expect(link).toMatchObject({ type: 'change-email', userId, tokenHash: await sha256Hex(token) });

    // Opened in any browser, no session needed.
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: newEmail });
    expect(await emailOf(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    const signIn = (address: string) => call('/api/auth/login', { method: 'POST', json: { email: address, password } });
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    // The old address hears of it, whatever its preferences, and sees only a hint of the new one.
    await vi.waitFor(() => expect(sentTo(email).map((m) => m.subject)).toContain('Your Parkada e-mail was changed'), { timeout: 15_000 });
    const notice = sentTo(email).find((m) => m.subject === 'Your Parkada e-mail was changed')!;
    expect(notice.text).toContain(`Your Parkada e-mail was changed to ${newEmail.slice(0, 2)}•••@example.ph`);
    expect(notice.text).not.toContain(newEmail);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(LINK_NOT_VALID);
  });

  it('refuses a wrong password (400), an address in use (409) and its own address, sending and changing nothing', async () => {
    const { email, password, cookie, newEmail, ask } = await asking();
    const wrong = await ask({ newEmail, password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await messageOf(wrong)).toBe('Your password is incorrect.');
    const other = await asking();
    const taken = await ask({ newEmail: other.email, password });
    expect(taken.status).toBe(409);
    expect((await ask({ newEmail: email.toUpperCase(), password })).status).toBe(400);
    expect((await ask({ newEmail: 'not an e-mail', password })).status).toBe(400);
    expect(await db().select().from(schema.verifications).where(eq(schema.verifications.type, 'change-email'))).not.toContainEqual(
      expect.objectContaining({ target: other.email }),
    );
    expect(sentTo(newEmail)).toEqual([]);
    expect(await emailOf(cookie)).toMatchObject({ email });
  });

  it('refuses the link with 409 when another account took the address meanwhile', async () => {
    const { email, password, cookie, newEmail, ask } = await asking();
    expect((await ask({ newEmail, password })).status).toBe(202);
    const token = tokenIn((await waitForMail(newEmail))[0]);
    expect((await call('/api/auth/signup', { method: 'POST', json: signupBody({ email: newEmail }) })).status).toBe(201);
    expect((await confirm(token)).status).toBe(409);
    expect(await emailOf(cookie)).toMatchObject({ email });
  });
});

describe('acceptance of the Terms and the Privacy Policy', () => {
  it('is asked of an account that accepted an older version, and recorded once it accepts the current ones', async () => {
    const { cookie, userId } = await newDriver();
    await db().update(users).set({ termsVersion: '2020-01-01', privacyVersion: null, termsAcceptedAt: null }).where(eq(users.id, userId));
    expect(consentDue(await (await call('/api/auth/user', { cookie })).json())).toBe(true);

    const accept = (json: unknown) => call('/api/account/consent', { method: 'POST', cookie, json });
    for (const [body, message] of [
      [{}, CONSENT_MESSAGES.missing],
      [{ ...CURRENT_VERSIONS, termsVersion: '2020-01-01' }, CONSENT_MESSAGES.stale],
    ] as const) {
      const refused = await accept(body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message });
    }
    expect(consentDue(await (await call('/api/auth/user', { cookie })).json())).toBe(true);

    const res = await accept(CURRENT_VERSIONS);
    expect(res.status).toBe(200);
    expect((await res.json<{ user: unknown }>()).user).toMatchObject(CURRENT_VERSIONS);
    const me = await (await call('/api/auth/user', { cookie })).json<AcceptedVersions & { termsAcceptedAt: string }>();
    expect(consentDue(me)).toBe(false);
    expect(Date.parse(me.termsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('vehicles', () => {
  it('stores plates upper case and normalised, unique per account', async () => {
    const { cookie } = await newDriver();
    const res = await addVehicle(cookie, { plate: 'nbc-1234', color: 'silver' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ plate: 'NBC 1234', color: 'silver', isDefault: true });
    const dup = await addVehicle(cookie, { plate: 'NBC1234' });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ message: 'You already have a vehicle with plate NBC 1234.' });
    // Another account may register the same plate (a shared family car).
    expect((await addVehicle((await newDriver()).cookie, { plate: 'NBC 1234' })).status).toBe(201);
  });

  it.each([
    [{ plate: 'HELLO' }, 'Enter a Philippine plate such as ABC 1234, ABC 123, AB 12345 or a conduction sticker such as A1B234.'],
    [{ plate: 'ABC 123', make: '' }, 'Make is required.'],
    [{ plate: 'ABC 123', model: '  ' }, 'Model is required.'],
    [{ plate: 'ABC 123', color: 'purple' }, 'Color must be one of: white, black, silver, gray, red, blue, green, yellow, other.'],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, message) => {
    const { cookie } = await newDriver();
    const res = await addVehicle(cookie, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    expect(await vehiclesOf(cookie)).toEqual([]);
  });

  it('keeps exactly one default: setting one unsets the others, deleting it promotes another', async () => {
    const { cookie } = await newDriver();
    const first = await (await addVehicle(cookie, { plate: 'AAA 1111' })).json<Vehicle>();
    const second = await (await addVehicle(cookie, { plate: 'BBB 2222', isDefault: true })).json<Vehicle>();
    let list = await vehiclesOf(cookie);
    expect(list.filter((v) => v.isDefault).map((v) => v.id)).toEqual([second.id]);

    const edited = await call(`/api/user/vehicles/${first.id}`, {
      method: 'PATCH',
      cookie,
      json: { plate: 'aaa 1112', make: 'Honda', model: 'City', isDefault: true },
    });
    expect(await edited.json()).toMatchObject({ plate: 'AAA 1112', make: 'Honda', isDefault: true });
    list = await vehiclesOf(cookie);
    expect(list.filter((v) => v.isDefault).map((v) => v.id)).toEqual([first.id]);

    expect((await call(`/api/user/vehicles/${first.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    list = await vehiclesOf(cookie);
    expect(list).toMatchObject([{ id: second.id, isDefault: true }]);
  });

  it('answers two simultaneous saves of one plate with one 201 and one 409, never a 500', async () => {
    const { cookie } = await newDriver();
    const statuses = (await Promise.all([1, 2, 3].map(() => addVehicle(cookie, { plate: 'RAC 3333' })))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await vehiclesOf(cookie)).toHaveLength(1);
  });

  it('refuses to delete a vehicle with an upcoming reservation, naming it', async () => {
    await seedOnce();
    const { cookie, userId } = await newDriver();
    const car = await (await addVehicle(cookie, { plate: 'CAR 4321' })).json<Vehicle>();
    const [lot] = await db().select({ id: lots.id }).from(lots).limit(1);
    const reservationId = newId();
    const start = new Date(Date.now() + 3600_000);
    await db()
      .insert(reservations)
      .values({
        id: reservationId,
        userId,
        lotId: lot.id,
        vehicleId: car.id,
        vehiclePlate: car.plate,
        status: 'CONFIRMED',
        startTs: start.toISOString(),
        endTs: new Date(start.getTime() + 2 * 3600_000).toISOString(),
        amountCents: 16000,
      });
    const res = await call(`/api/user/vehicles/${car.id}`, { method: 'DELETE', cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ reservationId, message: expect.stringContaining(reservationId.slice(0, 8).toUpperCase()) });
    expect(await vehiclesOf(cookie)).toHaveLength(1);
  });

  it('hides other drivers’ vehicles as 404', async () => {
    const owner = await newDriver();
    const car = await (await addVehicle(owner.cookie, { plate: 'OWN 1234' })).json<Vehicle>();
    const other = await newDriver();
    expect((await call(`/api/user/vehicles/${car.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    const patch = await call(`/api/user/vehicles/${car.id}`, {
      method: 'PATCH',
      cookie: other.cookie,
      json: { plate: 'OWN 1234', make: 'X', model: 'Y' },
    });
    expect(patch.status).toBe(404);
    expect(await vehiclesOf(owner.cookie)).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('starts with the spec defaults and saves only what a PATCH names', async () => {
    const { cookie } = await newDriver();
    expect(await (await call('/api/user/preferences', { cookie })).json()).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      smsNotifications: false,
      bookingReminders: true,
      promotionalEmails: false,
      defaultDuration: '2',
      autoExtend: false,
      theme: 'system',
    });
    const res = await call('/api/user/preferences', { method: 'PATCH', cookie, json: { theme: 'dark', defaultDuration: '4' } });
    expect(await res.json()).toMatchObject({ theme: 'dark', defaultDuration: '4', autoExtend: false });
  });

  it.each([
    [{ defaultDuration: '3' }, 'Default duration must be 1, 2, 4, 8 or 24 hours.'],
    [{ theme: 'blue' }, 'Theme must be light, dark or system.'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const { cookie } = await newDriver();
    const res = await call('/api/user/preferences', { method: 'PATCH', cookie, json: body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});

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

async function driverWithPassword() {
  const body = signupBody();
  const res = await call('/api/auth/signup', { method: 'POST', json: body });
  const { user } = await res.json<{ user: { id: string } }>();
  return { cookie: sessionCookie(res), userId: user.id, body };
}

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
    const { cookie, body } = await driverWithPassword();
    const res = await deleteAccount(cookie, { password: 'not my password' });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('Your password is incorrect.');
    expect(await (await call('/api/auth/user', { cookie })).json()).toMatchObject({ email: body.email, deletedAt: null });
  });

  it('refuses with 409 while a reservation is not ended, a balance is held or an active lot is owned, saying what to do', async () => {
    await seedOnce();
    const { cookie, userId, body } = await driverWithPassword();
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
    const { cookie, userId, body } = await driverWithPassword();
    const otherSession = await signedInAs(userId);
    await addVehicle(cookie, { plate: 'ERA 5678' });
    const { id: reservationId, lotId, start } = await bookedReservation(userId, 'ERA 5678', 'COMPLETED');
    await monthlyPass(userId, lotId, 'ERA 5678', new Date(Date.now() - 40 * 86_400_000), new Date(Date.now() - 10 * 86_400_000));
    await run(
      `INSERT INTO checkins (id, lot_id, reservation_id, plate, entry_ts, exit_ts) VALUES (?, ?, ?, 'ERA 5678', ?, ?)`,
      newId(),
      lotId,
      reservationId,
      start.toISOString(),
      new Date(start.getTime() + 3600_000).toISOString(),
    );
    await run(
      `INSERT INTO audit_logs (id, actor_id, actor, action, subject, context_json) VALUES (?, NULL, 'Gate', 'OVERRIDE_ENTRY', ?, ?)`,
      newId(),
      `reservation:${reservationId}`,
      JSON.stringify({ plate: 'ERA 5678', email: body.email }),
    );
    await db()
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint: `https://push.example/${userId}`, p256dh: 'key', auth: 'secret' });
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
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db().select().from(vehicles).where(eq(vehicles.userId, userId))).toEqual([]);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([]);
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
  // Replay protection of money requests: a random key and a hash of a body already exported as its record.
  idempotency_keys: 'technical',
  // Per-lot daily counts derived from the reservations and charges, which are exported themselves.
  lot_customer_days: 'derived',
  // The platform's settings; who changed them is in the audit entries, which are exported.
  platform_settings: 'platform',
  // A merchant's validation codes; what one took off the person's stay is in the stay (checkins.validated_cents).
  validations: 'merchant',
};

describe('Delete my account, twice at once', () => {
  it('closes the account once and gives up the balance once; the other request is refused, never a 500', async () => {
    const { cookie, userId, body } = await driverWithPassword();
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
    const me = await driverWithPassword();
    const other = await driverWithPassword();
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
    const { cookie } = await driverWithPassword();
    for (let i = 0; i < 5; i++) expect((await call('/api/account/export', { cookie })).status).toBe(200);
    const refused = await call('/api/account/export', { cookie });
    expect(refused.status).toBe(429);
    expect(await messageOf(refused)).toMatch(/^You have downloaded your data several times this hour\. Try again in \d+ minutes\.$/);
  });
});

describe('phone verification (a 6-digit code texted through the one verification path)', () => {
  const gateway = smsGatewayStandIn(globalThis.fetch);
  beforeEach(() => {
    gateway.sent.length = 0;
    vi.stubGlobal('fetch', gateway.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Asks for a code with SMS on, and texts it through the SMS consumer to the stand-in gateway; the code it carried. */
  async function textedCode(cookie: string) {
    const smsQueue = recordingQueue(env.SMS_QUEUE);
    const res = await call('/api/account/phone/verify', {
      method: 'POST',
      cookie,
      bindings: { ...smsBindings, SMS_QUEUE: smsQueue.queue },
    });
    expect(res.status).toBe(202);
    await deliverSms(smsQueue.jobs[0]);
    return gateway.sent.at(-1)!.message.match(/\b(\d{6})\b/)![1];
  }
  const confirm = (cookie: string, code: string) => call('/api/account/phone/verify/confirm', { method: 'POST', cookie, json: { code } });

  it('texts a code stored only as a hash; the right one verifies the number, once', async () => {
    const { cookie, userId } = await newDriver();
    const code = await textedCode(cookie);
    expect(gateway.sent.at(-1)).toMatchObject({ number: '09175551234', sendername: 'PARKADA' });
    const [row] = await db()
      .select()
      .from(verifications)
      .where(and(eq(verifications.target, '+639175551234'), eq(verifications.type, 'phone')));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(code);
    const res = await confirm(cookie, code);
    expect(res.status).toBe(200);
    expect((await res.json<{ user: { phoneVerified: boolean } }>()).user.phoneVerified).toBe(true);
    expect((await db().select().from(users).where(eq(users.id, userId)))[0].phoneVerifiedAt).not.toBeNull();
    expect(await messageOf(await confirm(cookie, code))).toBe(PHONE_CODE_NOT_VALID);
  });

  it('ends a code at its fifth wrong try: the right one no longer works', async () => {
    const { cookie } = await newDriver();
    const code = await textedCode(cookie);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let tries = 0; tries < 5; tries++) expect((await confirm(cookie, wrong)).status).toBe(400);
    const late = await confirm(cookie, code);
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toBe(PHONE_CODE_NOT_VALID);
  });

  it('works for 10 minutes, not a moment after', async () => {
    const target = '+639175550000';
    const now = Date.parse('2026-11-23T04:00:00.000Z');
    const late = await prepareCode(db(), { type: 'phone', target, now });
    expect(await consumeCode(db(), 'phone', target, late.code, now + 10 * MINUTE_MS)).toBe(false);
    const inTime = await prepareCode(db(), { type: 'phone', target, now });
    expect(await consumeCode(db(), 'phone', '+639175550001', inTime.code, now)).toBe(false);
    expect(await consumeCode(db(), 'phone', target, inTime.code, now + 10 * MINUTE_MS - 1)).toBe(true);
  });

  it('texts a few codes an hour to one account, then 429; and says when SMS is off or the number is not Philippine', async () => {
    const { cookie, userId } = await newDriver();
    const ask = () => call('/api/account/phone/verify', { method: 'POST', cookie, bindings: smsBindings });
    for (let asked = 0; asked < MAX_PHONE_CODES_PER_ACCOUNT; asked++) expect((await ask()).status).toBe(202);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);

    const off = await call('/api/account/phone/verify', { method: 'POST', cookie });
    expect(off.status).toBe(409);
    expect(await messageOf(off)).toBe(SMS_OFF);
    await db().update(users).set({ phone: '+14155552671' }).where(eq(users.id, userId));
    expect((await call('/api/account/phone/verify', { method: 'POST', cookie, bindings: smsBindings })).status).toBe(409);
  });

  it('refuses a code that is not 6 digits with a 400, and changes nothing', async () => {
    const { cookie } = await newDriver();
    const res = await confirm(cookie, '12ab');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('Type the 6-digit code we texted you.');
  });
});

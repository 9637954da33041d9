/**
 * Official receipts of monthly passes (docs/booking.md, Receipts; docs/passes.md): a sale and each
 * renewal take the next number of the lot's series in the batch that pays, so a failed batch takes
 * none and a retried sale never takes two; the receipt reads as what was bought.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALWAYS_VALID } from '../../core/monthly-passes';
import { receiptNumberOf } from '../../core/receipts';
import { monthlyPasses, receipts, receiptSeries } from '../db/schema';
import { renewDuePasses } from '../monthly-passes/monthly-passes.service';
import { driver, failInserts, inMinutes, makeLot, reserve } from '../test/booking-fixtures';
import { call, cookieFor, db, key, seedOnce } from '../test/helpers';
import { expectGapFreeSeries } from '../test/receipt-checks';

let owner = '';
beforeAll(async () => {
  await seedOnce();
  owner = await cookieFor('owner_admin');
});

type Pass = { id: string; validUntil: string; amountCents: number; receipt: { id: string; number: string } | null };
type Receipt = {
  id: string;
  kind: string;
  number: string;
  amountCents: number;
  vatCents: number;
  netOfVatCents: number;
  vehiclePlate: string | null;
  reservationId: string | null;
  passId: string | null;
  monthlyPass: { id: string; productName: string; periodLabel: string } | null;
  lot: { name: string };
  lines: { label: string; amountCents: number; method: string }[];
  paymentMethod: string;
  paymentReference: string | null;
};

const DAY = 24 * 3_600_000;

/** A lot with two slots and a ₱3,000 24/7 pass on sale, its series opened by one paid booking (GP-ish-000001). */
async function passLot() {
  const lotId = await makeLot(2);
  const res = await call(`/api/owner/lots/${lotId}/pass-products`, {
    method: 'POST',
    cookie: owner,
    json: { name: 'Night and Day', priceCents: 300_000, schedule: ALWAYS_VALID, quantity: 2 },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const product = await res.json<{ id: string }>();
  const { cookie } = await driver(1_000);
  expect((await reserve(cookie, { lotId, start: inMinutes(60), durationHours: 1 })).status).toBe(201);
  const [series] = await db().select().from(receiptSeries).where(eq(receiptSeries.lotId, lotId));
  return { lotId, product, prefix: series.prefix };
}

const buy = (cookie: string, json: Record<string, unknown>, headers: HeadersInit = key()) =>
  call('/api/monthly-passes', { method: 'POST', cookie, json, headers });
const receiptsOfPass = (passId: string) => db().select().from(receipts).where(eq(receipts.monthlyPassId, passId));

describe('a monthly pass’s receipt', () => {
  it('is issued with the sale, the next number of the lot’s series, once per sale however often it is sent', async () => {
    const { lotId, product, prefix } = await passLot();
    const { cookie } = await driver(5_000);
    const headers = key();
    const sold = await buy(cookie, { productId: product.id, plate: 'NAB 1234' }, headers);
    expect(sold.status, await sold.clone().text()).toBe(201);
    const pass = await sold.json<Pass>();
    expect(pass.receipt).toEqual({ id: expect.any(String), number: receiptNumberOf(prefix, 2) });
    // The same request again (a retry) is answered with the same pass, and takes no second number.
    const again = await (await buy(cookie, { productId: product.id, plate: 'NAB 1234' }, headers)).json<Pass>();
    expect(again).toMatchObject({ id: pass.id, receipt: pass.receipt });
    expect(await receiptsOfPass(pass.id)).toHaveLength(1);
    expect((await expectGapFreeSeries(lotId)).map((document) => document.number)).toEqual([
      receiptNumberOf(prefix, 1),
      receiptNumberOf(prefix, 2),
    ]);

    // Its driver reads it through the API: what was bought, the amount and its VAT, the wallet row that paid.
    const receipt = await (await call(`/api/receipts/${pass.receipt!.id}`, { cookie })).json<Receipt>();
    expect(receipt).toMatchObject({
      kind: 'RECEIPT',
      number: receiptNumberOf(prefix, 2),
      amountCents: 300_000,
      vatCents: 32_143,
      netOfVatCents: 267_857,
      vehiclePlate: 'NAB 1234',
      reservationId: null,
      passId: null,
      monthlyPass: { id: pass.id, productName: 'Night and Day' },
      paymentMethod: 'Parkada Wallet',
      paymentReference: expect.stringMatching(/^[0-9A-F-]{13}$/),
    });
    expect(receipt.lines).toEqual([
      expect.objectContaining({
        amountCents: 300_000,
        label: `Monthly pass: Night and Day, NAB 1234, ${receipt.monthlyPass!.periodLabel}`,
        method: 'Parkada Wallet',
      }),
    ]);
    // History's Receipts tab lists it, and its Passes screen links to it.
    const listed = await (await call('/api/receipts', { cookie })).json<{ items: { id: string }[] }>();
    expect(listed.items.map((item) => item.id)).toEqual([pass.receipt!.id]);
    const counted = await (await call('/api/receipts/counts', { cookie })).json<{ total: number }>();
    expect(counted.total).toBe(1);
    const mine = await (await call('/api/monthly-passes', { cookie })).json<{ passes: Pass[] }>();
    expect(mine.passes[0].receipt).toEqual(pass.receipt);
    // Nobody else reads it.
    const { cookie: stranger } = await driver(0);
    expect((await call(`/api/receipts/${pass.receipt!.id}`, { cookie: stranger })).status).toBe(404);
  });

  it('takes no number for a sale whose batch fails: a short wallet, a fault in the database after the receipt', async () => {
    const { lotId, product, prefix } = await passLot();
    const { cookie: short } = await driver(100);
    expect((await buy(short, { productId: product.id, plate: 'NAB 1001' })).status).toBe(402);

    const { cookie } = await driver(5_000);
    // The ledger's PAYMENT is the batch's last insert, after the receipt's statements.
    const fault = await failInserts('wallet_transactions', "NEW.description LIKE 'Monthly pass:%'");
    try {
      expect((await buy(cookie, { productId: product.id, plate: 'NAB 1002' })).status).toBeGreaterThanOrEqual(500);
    } finally {
      await fault.heal();
    }
    expect(await db().select().from(monthlyPasses).where(eq(monthlyPasses.lotId, lotId))).toHaveLength(0);
    expect(await expectGapFreeSeries(lotId)).toHaveLength(1);

    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 1002' })).json<Pass>();
    expect(pass.receipt?.number).toBe(receiptNumberOf(prefix, 2));
    expect(await expectGapFreeSeries(lotId)).toHaveLength(2);
  });

  it('is issued for each renewal in the renewal’s batch, and not for a renewal that lapses', async () => {
    const { lotId, product, prefix } = await passLot();
    const { cookie } = await driver(7_000);
    const pass = await (await buy(cookie, { productId: product.id, plate: 'NAB 2001', autoRenew: true })).json<Pass>();
    const now = new Date(Date.parse(pass.validUntil) - 2 * DAY);
    // A fault in the renewal's batch: nothing renewed, no number taken; tomorrow's run renews.
    const fault = await failInserts('wallet_transactions', "NEW.idempotency_key LIKE 'monthly-pass-renewal:%'");
    try {
      expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 0 });
    } finally {
      await fault.heal();
    }
    expect(await expectGapFreeSeries(lotId)).toHaveLength(2);

    expect(await renewDuePasses(env, db(), now)).toMatchObject({ renewed: 1 });
    const [renewal] = await db().select().from(monthlyPasses).where(eq(monthlyPasses.renewsId, pass.id));
    const [receipt] = await receiptsOfPass(renewal.id);
    expect(receipt).toMatchObject({ kind: 'RECEIPT', number: receiptNumberOf(prefix, 3), amountCents: 300_000, lotId });
    expect(await expectGapFreeSeries(lotId)).toHaveLength(3);
    const read = await (await call(`/api/receipts/${receipt.id}`, { cookie })).json<Receipt>();
    expect(read).toMatchObject({ monthlyPass: { id: renewal.id }, paymentReference: expect.any(String) });

    // The renewal's own renewal lapses for want of money: no receipt, no number.
    expect(await renewDuePasses(env, db(), new Date(Date.parse(renewal.validUntil) - 2 * DAY))).toMatchObject({ lapsed: 1 });
    expect(await expectGapFreeSeries(lotId)).toHaveLength(3);
  });
});

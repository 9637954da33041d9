/**
 * The daily run of monthly passes (worker/index.ts): passes with auto-renew on are renewed, those with
 * it off are warned of their end, and each lot object keeps slots for exactly D1's passes.
 */
import { nextPeriod, RENEW_DAYS_BEFORE_END, type PassPeriod } from '../../core/monthly-passes';
import { formatPeso } from '../../core/money';
import { DAY_MS, formatDateTime } from '../../core/time';
import { afterCommit } from '../db/after-commit';
import type { DB } from '../db/client';
import { violates } from '../db/constraints';
import { newId } from '../db/ids';
import type { Bindings } from '../env';
import { lotObject } from '../lot-object/stub';
import { sendNotice } from '../notifications/notifications.service';
import {
  findProduct,
  markEndingNoticed,
  passesEndingUntold,
  passesNotEnded,
  passesToRenew,
  renewalMark,
  type MonthlyPass,
} from './monthly-passes.data';
import { scheduleOf } from './pass-term';
import { lotOrNotFound } from './pass-products.service';
import { sell, type SaleResult } from './pass-sale.service';

/** An e-mail about a pass leads to the Passes screen. */
const PASSES_LINK = { label: 'Open Passes', path: '/passes' };

/** A phone's notification about a pass opens the Passes screen. */
const passPushTarget = (passId: string) => ({ url: '/passes', tag: `pass-${passId}` });

/** The end of the window the daily run looks at: passes ending within 3 days. */
const renewalHorizon = (now: Date) => new Date(now.getTime() + RENEW_DAYS_BEFORE_END * DAY_MS).toISOString();

/**
 * The daily run: each pass with auto-renew on that ends within 3 days is renewed for its next period
 * from the wallet (once: the renewal's unique `renews_id` and its ledger key), or lapses, notified,
 * when the wallet is short, the product is paused or sold out, or no slot can be kept.
 */
export async function renewDuePasses(env: Bindings, db: DB, now = new Date()) {
  const due = await passesToRenew(db, now.toISOString(), renewalHorizon(now));
  let renewed = 0;
  let lapsed = 0;
  for (const pass of due) {
    const outcome = await renewPass(env, db, pass);
    if (outcome === 'renewed') renewed++;
    if (outcome === 'lapsed') lapsed++;
  }
  return { renewed, lapsed };
}

type RenewalResult = SaleResult | { ok: false; reason: 'paused' | 'closed' };

/** One pass renewed or lapsed, its driver told; 'skipped' when a concurrent run renewed it, or it failed and tomorrow's run tries again. */
async function renewPass(env: Bindings, db: DB, pass: MonthlyPass): Promise<'renewed' | 'lapsed' | 'skipped'> {
  const product = (await findProduct(db, pass.productId))!;
  const lot = await lotOrNotFound(db, product.lotId);
  const period = nextPeriod(pass.periodKind, pass.validUntil);
  const amountCents = product.priceCents;
  let result: RenewalResult;
  try {
    result = !lot.onSale
      ? { ok: false, reason: 'closed' }
      : product.paused
        ? { ok: false, reason: 'paused' }
        : await sell(env, db, {
            id: newId(),
            product,
            userId: pass.userId,
            plate: pass.plate,
            period,
            amountCents,
            autoRenew: true,
            idempotencyKey: `monthly-pass-renewal:${pass.id}`,
            renews: pass,
          });
  } catch (error) {
    // Renewed meanwhile by a concurrent run.
    if (violates(error, 'monthly_passes_renewal_unique') || violates(error, 'monthly_passes.renews_id')) return 'skipped';
    // One pass's failure (say its lot object did not answer) leaves it for tomorrow's run, not the others.
    console.error('Monthly pass renewal failed', pass.id, error);
    return 'skipped';
  }
  const renewal = { pass, productName: product.name, period, amountCents };
  if (result.ok) {
    await tellRenewed(env, db, renewal);
    return 'renewed';
  }
  await renewalMark(db, pass.id, 'lapsed').run();
  await tellLapsed(env, db, renewal, result);
  return 'lapsed';
}

type Renewal = { pass: MonthlyPass; productName: string; period: PassPeriod; amountCents: number };

const tellRenewed = (env: Bindings, db: DB, { pass, productName, period, amountCents }: Renewal) =>
  afterCommit('Pass renewal notice', () =>
    sendNotice({ env, db }, pass.userId, {
      note: {
        type: 'PAYMENT_SUCCESS',
        title: 'Monthly pass renewed',
        message: `${pass.plate}: your pass (${productName}) is renewed for ${period.label}. ${formatPeso(amountCents)} paid from your wallet.`,
        metadata: { monthlyPassId: pass.id },
      },
      email: { facts: [{ label: 'Paid from your wallet', pesos: amountCents }], link: PASSES_LINK },
    }),
  );

/** Why a renewal lapsed, in the driver's words. */
function lapseReason({ pass, period, amountCents }: Renewal, result: Extract<RenewalResult, { ok: false }>) {
  switch (result.reason) {
    case 'insufficient_funds':
      return `your wallet holds ${formatPeso(result.balanceCents ?? 0)}, short of ${formatPeso(amountCents)}`;
    case 'paused':
      return 'the lot has paused this pass';
    case 'closed':
      return 'the lot no longer takes bookings';
    case 'plate has a pass':
      return `${pass.plate} already has a pass there for ${period.label}`;
    default:
      return 'the lot has no pass left to keep for you';
  }
}

const tellLapsed = (env: Bindings, db: DB, renewal: Renewal, result: Extract<RenewalResult, { ok: false }>) =>
  afterCommit('Pass lapse notice', () =>
    sendNotice({ env, db }, renewal.pass.userId, {
      note: {
        type: 'PAYMENT_FAILED',
        title: 'Monthly pass not renewed',
        message: `${renewal.pass.plate}: your pass (${renewal.productName}) ends ${formatDateTime(renewal.pass.validUntil)} and was not renewed: ${lapseReason(renewal, result)}.`,
        metadata: { monthlyPassId: renewal.pass.id },
      },
      push: passPushTarget(renewal.pass.id),
      email: { link: PASSES_LINK },
    }),
  );

/**
 * The daily run's other half: a pass with auto-renew off that ends within 3 days is about to lapse,
 * and its driver hears so once, in the app and on the phone, in time to buy the next period.
 */
export async function warnEndingPasses(env: Bindings, db: DB, now = new Date()) {
  const ending = await passesEndingUntold(db, now.toISOString(), renewalHorizon(now));
  let warned = 0;
  for (const pass of ending) {
    if (!(await markEndingNoticed(db, pass.id, now.toISOString()))) continue;
    warned++;
    const product = (await findProduct(db, pass.productId))!;
    await afterCommit('Pass ending notice', () =>
      sendNotice({ env, db }, pass.userId, {
        note: {
          type: 'PASS_ENDING',
          title: 'Monthly pass ending',
          message: `${pass.plate}: your pass (${product.name}) ends ${formatDateTime(pass.validUntil)}. Buy the next period from Passes, or turn on auto-renew, to keep your slot.`,
          metadata: { monthlyPassId: pass.id },
        },
        push: passPushTarget(pass.id),
        email: { link: PASSES_LINK },
      }),
    );
  }
  return { warned };
}

/**
 * The daily run's other half: each lot object's passes are made D1's passes not yet ended, so a slot
 * is kept for every pass sold and for no sale that failed.
 */
export async function followPassesInLots(env: Bindings, db: DB, now = new Date()) {
  const live = await passesNotEnded(db, now.toISOString());
  const byLot = new Map<string, MonthlyPass[]>();
  for (const pass of live) byLot.set(pass.lotId, [...(byLot.get(pass.lotId) ?? []), pass]);
  let lots = 0;
  for (const [lotId, passes] of byLot) {
    await lotObject(env, lotId).followPasses(
      passes.map((pass) => ({
        passId: pass.id,
        vehicleType: pass.vehicleType,
        fromMs: Date.parse(pass.validFrom),
        untilMs: Date.parse(pass.validUntil),
        schedule: scheduleOf(pass),
      })),
      now.getTime(),
    );
    lots++;
  }
  return { lots };
}

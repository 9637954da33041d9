/**
 * Owners' statements and payouts (docs/owner.md, "Statements and payouts"). A lot's month is
 * computed from its money rollup until the month closes; its first read after that (or the daily
 * Cron) freezes it with the commission rate then in force. A frozen month is never rewritten: what
 * later changes the money of a closed month reaches the owner as an adjustment on the first statement
 * frozen after it (and shows on the open month's so far).
 */
import { formatPeso } from '../../core/money';
import { refusal } from '../../core/refusal';
import {
  balanceCarried,
  eachMonth,
  firstDayOf,
  monthClosed,
  nextMonth,
  previousMonth,
  STATEMENT_PARTS,
  statementFigures,
  statementStatus,
  type StatementFigures,
} from '../../core/statements';
import { manilaDate } from '../../core/time';
import type { PayoutInput } from '../../core/statement-request';
import { auditStatement } from '../audit/audit.data';
import { afterCommit } from '../db/after-commit';
import { commit, type DB } from '../db/client';
import { abortUnlessChanged, changedMeanwhile } from '../db/guards';
import { newId } from '../db/ids';
import type { SessionUser } from '../env';
import { sendNotice, type NoticeContext } from '../notifications/notifications.service';
import { readSettings } from '../platform/settings.data';
import { findUserById } from '../users/users.data';
import {
  firstMoneyMonth,
  freezeStatement,
  frozenStatements,
  lotsOfOwners,
  moneyByMonth,
  monthsBefore,
  payoutInsert,
  payoutsOf,
  type FrozenStatement,
  type OwnerLot,
} from './statements.data';
import { validatedPerLotMonth } from '../validations/validations.service';
import { payoutEventData } from '../../core/webhooks';
import { ownerEvent } from '../webhooks/webhooks.service';

const figuresOf = (row: FrozenStatement): StatementFigures => ({
  bookingsCents: row.bookingsCents,
  extensionsCents: row.extensionsCents,
  overstaysCents: row.overstaysCents,
  walkInsCents: row.walkInsCents,
  monthlyPassesCents: row.monthlyPassesCents,
  refundsCents: row.refundsCents,
  collectedCents: row.collectedCents,
  commissionBasisPoints: row.commissionBasisPoints,
  commissionCents: row.commissionCents,
  payableCents: row.payableCents,
  cashCents: row.cashCents,
  validatedCents: row.validatedCents,
});

type LotMonth = StatementFigures & { adjustmentsCents: number; frozenAt: string | null };

/**
 * The lots' statements of `month`: frozen when it is closed (freezing every closed month before it
 * first, in order), so far when it is open. Each carries the adjustment for earlier months: what
 * their money is now, at their frozen rates, less what their statements said (adjustments included).
 */
async function lotMonths(db: DB, ownerId: string | null, lots: OwnerLot[], month: string, now: Date): Promise<Map<string, LotMonth>> {
  const first = (await firstMoneyMonth(db, ownerId)) ?? month;
  const months = eachMonth(first < month ? first : month, month);
  const [frozen, money, validated, { commissionBasisPoints }] = await Promise.all([
    frozenStatements(db, ownerId, month),
    moneyByMonth(db, ownerId, months[0], month),
    validatedPerLotMonth(db, ownerId, months[0], month),
    readSettings(db),
  ]);
  const frozenOf = new Map(frozen.map((row) => [`${row.lotId}|${row.month}`, row]));
  const frozenAt = now.toISOString();
  const result = new Map<string, LotMonth>();
  const freezes = [];
  for (const lot of lots) {
    // What the statements said (adjustments included) and what the money is now, month after month.
    let stated = 0;
    let actual = 0;
    for (const m of months) {
      const row = frozenOf.get(`${lot.id}|${m}`);
      const live = (rate: number) => statementFigures(money.get(`${lot.id}|${m}`) ?? [], rate, validated.get(`${lot.id}|${m}`) ?? 0);
      if (row) {
        stated += row.payableCents + row.adjustmentsCents;
        actual += live(row.commissionBasisPoints).payableCents;
        if (m === month) result.set(lot.id, { ...figuresOf(row), adjustmentsCents: row.adjustmentsCents, frozenAt: row.frozenAt });
        continue;
      }
      const figures = live(commissionBasisPoints);
      const adjustmentsCents = actual - stated;
      // Only a month that has ended is frozen; the one asked for, while it runs, is so far.
      if (!monthClosed(m, now)) {
        if (m === month) result.set(lot.id, { ...figures, adjustmentsCents, frozenAt: null });
        continue;
      }
      freezes.push(freezeStatement(db, { lotId: lot.id, ownerId: lot.ownerId, month: m, adjustmentsCents, frozenAt, ...figures }));
      stated += figures.payableCents + adjustmentsCents;
      actual += figures.payableCents;
      if (m === month) result.set(lot.id, { ...figures, adjustmentsCents, frozenAt });
    }
  }
  // Another reader freezing the same months at once writes nothing more (the first row stands).
  for (let i = 0; i < freezes.length; i += 50) await commit(db, freezes.slice(i, i + 50));
  if (freezes.length) {
    const stored = await frozenStatements(db, ownerId, month);
    for (const row of stored.filter((r) => r.month === month))
      result.set(row.lotId, { ...figuresOf(row), adjustmentsCents: row.adjustmentsCents, frozenAt: row.frozenAt });
  }
  return result;
}

const sum = (rows: LotMonth[]) =>
  Object.fromEntries(
    (
      [
        ...STATEMENT_PARTS.map(({ part }) => part),
        'collectedCents',
        'commissionCents',
        'payableCents',
        'cashCents',
        'validatedCents',
        'adjustmentsCents',
      ] as const
    ).map((key) => [key, rows.reduce((total, row) => total + row[key], 0)]),
  ) as Record<Exclude<keyof LotMonth, 'frozenAt' | 'commissionBasisPoints'>, number>;

/** A month not begun has no statement (and asking for one must not freeze the month running now). */
function assertBegun(month: string, now: Date) {
  if (month > manilaDate(now).slice(0, 7)) throw refusal('invalid', `${month} has not begun: there is no statement for it yet.`);
}

/** GET /api/owner/statements?month: the owner's statement per lot and in total, its payouts and status. */
export async function ownerStatement(db: DB, ownerId: string, month: string, now = new Date()) {
  assertBegun(month, now);
  const lots = await lotsOfOwners(db, ownerId);
  const [byLot, paid] = await Promise.all([lotMonths(db, ownerId, lots, month, now), payoutsOf(db, month, ownerId)]);
  const lines = lots.map((lot) => ({ lotId: lot.id, name: lot.name, ...byLot.get(lot.id)! }));
  const total = sum(lines);
  // Read after lotMonths froze every closed month before this one.
  const carriedCents = balanceCarried(await monthsBefore(db, ownerId, month));
  const owedCents = total.payableCents + total.adjustmentsCents + carriedCents;
  const paidCents = paid.reduce((s, payout) => s + payout.amountCents, 0);
  const closed = monthClosed(month, now);
  return {
    month,
    status: statementStatus(closed, owedCents, paidCents),
    asOf: closed ? (lines[0]?.frozenAt ?? now.toISOString()) : now.toISOString(),
    commissionBasisPoints: lines[0]?.commissionBasisPoints ?? (await readSettings(db)).commissionBasisPoints,
    lots: lines,
    total: { ...total, carriedCents, owedCents },
    payouts: paid,
    paidCents,
  };
}

/** GET /api/admin/payouts?month: what each owner is owed for the month, paid and still due. */
export async function payoutsOverview(db: DB, month: string, now = new Date()) {
  assertBegun(month, now);
  const lots = await lotsOfOwners(db, null);
  const [byLot, paid] = await Promise.all([lotMonths(db, null, lots, month, now), payoutsOf(db, month)]);
  const earlier = await monthsBefore(db, null, month);
  const owners = new Map<string, { owedCents: number; lots: number }>();
  for (const lot of lots) {
    const figures = byLot.get(lot.id)!;
    const owner = owners.get(lot.ownerId) ?? {
      owedCents: balanceCarried(earlier.filter((row) => row.ownerId === lot.ownerId)),
      lots: 0,
    };
    owners.set(lot.ownerId, { owedCents: owner.owedCents + figures.payableCents + figures.adjustmentsCents, lots: owner.lots + 1 });
  }
  const closed = monthClosed(month, now);
  const rows = await Promise.all(
    [...owners].map(async ([ownerId, { owedCents, lots: lotCount }]) => {
      const person = (await findUserById(db, ownerId))!;
      const theirs = paid.filter((payout) => payout.ownerId === ownerId);
      const paidCents = theirs.reduce((s, payout) => s + payout.amountCents, 0);
      return {
        ownerId,
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        lots: lotCount,
        owedCents,
        paidCents,
        dueCents: Math.max(0, owedCents - paidCents),
        status: statementStatus(closed, owedCents, paidCents),
        payouts: theirs,
      };
    }),
  );
  return { month, closed, owners: rows.sort((a, b) => b.dueCents - a.dueCents || a.name.localeCompare(b.name)) };
}

/**
 * POST /api/admin/payouts: records money sent to an owner for a closed month, audited. A payout
 * never exceeds what is still due: the insert re-checks it against the payouts in the database as it
 * writes, so two admins recording at once cannot pay twice.
 */
export async function recordPayout(ctx: NoticeContext, admin: SessionUser, input: PayoutInput, now = new Date()) {
  const { db } = ctx;
  if (!monthClosed(input.month, now))
    throw refusal('conflict', `${input.month} is still open: an owner is paid for a month once it has closed.`);
  const owner = await findUserById(db, input.ownerId);
  const lots = owner ? await lotsOfOwners(db, owner.id) : [];
  if (!owner || !lots.length) throw refusal('not_found', 'No owner with lots has that id.');
  if (input.paidOn < firstDayOf(nextMonth(input.month)) || input.paidOn > manilaDate(now))
    throw refusal('invalid', `The payout date is between the end of ${input.month} and today.`);
  const statement = await ownerStatement(db, owner.id, input.month, now);
  const due = statement.total.owedCents - statement.paidCents;
  if (input.amountCents > due) throw refusal('conflict', `Only ${formatPeso(Math.max(0, due))} is due to this owner for ${input.month}.`);
  const id = newId();
  try {
    await commit(db, [
      payoutInsert(
        db,
        {
          id,
          ownerId: owner.id,
          month: input.month,
          amountCents: input.amountCents,
          paidOn: input.paidOn,
          reference: input.reference,
          recordedBy: admin.id,
        },
        statement.total.owedCents,
      ),
      abortUnlessChanged(db),
      auditStatement(db, admin, {
        action: 'RECORD_PAYOUT',
        subject: `user:${owner.id}`,
        context: {
          month: input.month,
          amountCents: input.amountCents,
          paidOn: input.paidOn,
          reference: input.reference,
          owedCents: statement.total.owedCents,
        },
      }),
    ]);
  } catch (error) {
    if (changedMeanwhile(error))
      throw refusal('conflict', 'Another payout for this owner and month was just recorded; check what is still due.');
    throw error;
  }
  await afterCommit('Payout notice', () =>
    sendNotice(ctx, owner.id, {
      note: {
        type: 'PAYMENT_SUCCESS',
        title: 'Payout recorded',
        message: `Parkada sent you ${formatPeso(input.amountCents)} for ${input.month} on ${input.paidOn} (reference ${input.reference}).`,
      },
      email: {
        facts: [
          { label: 'Amount', pesos: input.amountCents },
          { label: 'Still due for the month', pesos: due - input.amountCents },
        ],
        link: statementLink(input.month),
      },
      key: `payout:${id}`,
    }),
  );
  await ownerEvent(ctx, owner.id, 'payout.recorded', payoutEventData({ id, ...input }), now);
  return { id, ...input };
}

/**
 * The daily Cron (00:05 Manila): freezes last month's statements of every lot, and any closed month
 * before it not frozen yet, so a statement's figures are those of the night its month closed and not
 * of its first reader. Reads freeze too, should the Cron be late. On the 1st, each owner hears the
 * statement is ready (in the app and by e-mail).
 */
export async function freezeClosedMonths(ctx: NoticeContext, now = new Date()) {
  const today = manilaDate(now);
  const closed = previousMonth(today.slice(0, 7));
  const lots = await lotsOfOwners(ctx.db, null);
  if (!lots.length) return;
  await lotMonths(ctx.db, null, lots, closed, now);
  // The run of the month's first day tells each owner once that last month's statement is final.
  if (today.endsWith('-01')) for (const ownerId of new Set(lots.map((lot) => lot.ownerId))) await statementReady(ctx, ownerId, closed);
}

/** An e-mail about a statement opens that month's statement (the month is in the screen's URL). */
const statementLink = (month: string) => ({ label: 'Open the statement', path: `/owner/statements?month=${month}` });

const statementReady = (ctx: NoticeContext, ownerId: string, month: string) =>
  afterCommit('Statement ready notice', () =>
    sendNotice(ctx, ownerId, {
      note: {
        type: 'PAYMENT_SUCCESS',
        title: 'Statement ready',
        message: `Your statement for ${month} is final: what your lots collected, Parkada's commission and what is payable to you.`,
      },
      email: { link: statementLink(month) },
      key: `statement-ready:${ownerId}:${month}`,
    }),
  );

/** Money leaves the platform on a payout: the admin's second factor must be fresh in this session first (docs/account.md, Step-up). */
export { requireRecentSecondFactor } from '../auth/second-factor.service';

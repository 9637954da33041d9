/**
 * Loads the Manila demo data into an empty database: one account per role, the demo owner's lots
 * with their slots and pricing, the attendant's assignment, one pending owner application and the
 * driver's first top-up.
 * Used by `npm start` (rendered to SQL for the local D1) and by the tests (inside workerd), so both see the same world.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { WEEKDAYS } from '../../core/booking';
import { CURRENT_VERSIONS } from '../../core/legal';
import { slotLabel } from '../../core/lot-form';
import type { LotPricing } from '../../core/pricing';
import type { Role } from '../../core/roles';
import { chunksOf } from '../../core/chunks';
import { hashPassword } from '../auth/password';
import { SLOT_ROWS_PER_INSERT, type DB } from '../db/client';
import { newId } from '../db/ids';
import { attendantAssignments, lotSubmissions, lots, payments, pricing, slots, walletTransactions } from '../db/schema';
import { accountInserts } from '../users/users.data';
import { DEMO_LOTS, type DemoLot, demoPricingOf } from './demo-lots';
import { demoPriceChanges } from './demo-price-changes';

export const DEMO_PASSWORD = 'parkada-demo';

export const DEMO_ACCOUNTS = [
  { role: 'parking_user', email: 'driver@parkada.ph', firstName: 'Juan', lastName: 'Dela Cruz', phone: '+639171234567' },
  { role: 'owner_admin', email: 'owner@parkada.ph', firstName: 'Maria', lastName: 'Santos', phone: '+639182345678' },
  { role: 'attendant', email: 'attendant@parkada.ph', firstName: 'Jose', lastName: 'Reyes', phone: '+639193456789' },
  { role: 'super_admin', email: 'admin@parkada.ph', firstName: 'Ana', lastName: 'Villanueva', phone: '+639204567890' },
] as const satisfies ReadonlyArray<{ role: Role; email: string; firstName: string; lastName: string; phone: string }>;

/** The lot the demo attendant is assigned to. */
export const DEMO_ATTENDANT_LOT = 'Greenbelt 3 Parking';

/** The level of a mall's motorcycle area: its slots are MC-001, MC-002… */
const MOTORCYCLE_LEVEL = 'MC';

/** A mall keeps a tenth of its slots as a motorcycle area, as Metro Manila malls do; other demo lots take cars only. */
export const motorcycleSlotsOf = (lot: DemoLot) => (lot.kind === 'mall' ? Math.round(lot.slots / 10) : 0);

/** The vehicles a demo lot takes: those it has slots for. */
const demoVehicleTypes = (lot: DemoLot) => (motorcycleSlotsOf(lot) ? ['car', 'motorcycle'] : ['car']);

function slotRows(lotId: string, lot: DemoLot) {
  const motorcycles = motorcycleSlotsOf(lot);
  const cars = lot.slots - motorcycles;
  const perLevel = Math.ceil(cars / lot.levels.length);
  const carSlots = Array.from({ length: cars }, (_, i) => {
    const level = lot.levels[Math.floor(i / perLevel)];
    const number = (i % perLevel) + 1;
    return {
      id: newId(),
      lotId,
      label: slotLabel(level, number),
      level,
      // The first slots of each level are the accessible ones, nearest the lifts; EV bays follow.
      accessible: lot.amenities.accessible && number <= Math.max(1, Math.round(perLevel * 0.04)),
      evCharging: lot.amenities.evCharging && number > perLevel - Math.max(1, Math.round(perLevel * 0.05)),
      vehicleType: 'car' as const,
      active: true,
    };
  });
  const motorcycleSlots = Array.from({ length: motorcycles }, (_, i) => ({
    id: newId(),
    lotId,
    label: slotLabel(MOTORCYCLE_LEVEL, i + 1),
    level: MOTORCYCLE_LEVEL,
    accessible: false,
    evCharging: false,
    vehicleType: 'motorcycle' as const,
    active: true,
  }));
  return [...carSlots, ...motorcycleSlots];
}

/**
 * Each demo lot came in as an owner's submission that the super admin approved, as a real lot does, so
 * Approvals lists it under Approved and offers Unlist (docs/admin.md).
 */
function approvedSubmission(db: DB, lotId: string, lot: DemoLot, ids: Record<Role, string>) {
  const lotSlots = slotRows(lotId, lot);
  return db.insert(lotSubmissions).values({
    id: newId(),
    lotId,
    ownerId: ids.owner_admin,
    totalSlots: lotSlots.length,
    accessibleSlots: lotSlots.filter((slot) => slot.accessible).length,
    evChargingSlots: lotSlots.filter((slot) => slot.evCharging).length,
    hourlyRate: lot.rateCents,
    status: 'approved',
    decidedBy: ids.super_admin,
    decidedAt: new Date().toISOString(),
  });
}

/** A demo lot's pricing row: its hourly rate, its tiers where progressive, its card where it posts one. */
const pricingRow = (db: DB, lotId: string, price: LotPricing) =>
  db.insert(pricing).values({
    lotId,
    strategy: price.strategy,
    baseRate: price.baseRateCents,
    progressiveJson: price.tiers ? JSON.stringify(price.tiers) : null,
    rateCardJson: price.rateCard ? JSON.stringify(price.rateCard) : null,
  });

/** A statement D1 can batch and that can also be rendered to SQL text. */
export type SeedStatement = BatchItem<'sqlite'> & { toSQL(): { sql: string; params: unknown[] } };

/**
 * Every statement of the demo data, unexecuted: tests run them through D1 directly, and
 * `npm start` renders them to a SQL file that wrangler applies to the local database.
 */
export async function demoDataStatements(db: DB) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = Object.fromEntries(DEMO_ACCOUNTS.map((account) => [account.role, newId()])) as Record<Role, string>;
  const driverWallet = newId();
  const statements: SeedStatement[] = DEMO_ACCOUNTS.flatMap((account) =>
    accountInserts(
      db,
      // Accepted the Terms and Privacy Policy in force, so the demo opens straight on the app; verified, so it sends its e-mails.
      {
        ...account,
        passwordHash,
        signupRole: 'parking_user',
        ...CURRENT_VERSIONS,
        termsAcceptedAt: new Date().toISOString(),
        emailVerifiedAt: new Date().toISOString(),
      },
      ids[account.role],
      account.role === 'parking_user' ? driverWallet : undefined,
    ),
  );
  statements.push(...demoTopup(db, ids.parking_user, driverWallet));
  // A real pending application, so the approvals queue has something to decide.
  statements.push(
    ...accountInserts(db, {
      firstName: 'Ramon',
      lastName: 'Bautista',
      email: 'ramon.bautista@example.ph',
      phone: '+639215678901',
      passwordHash,
      signupRole: 'space_owner',
    }),
  );

  const seeded: { id: string; name: string; rateCents: number }[] = [];
  for (const lot of DEMO_LOTS) {
    const lotId = newId();
    seeded.push({ id: lotId, name: lot.name, rateCents: lot.rateCents });
    statements.push(
      db.insert(lots).values({
        id: lotId,
        ownerId: ids.owner_admin,
        name: lot.name,
        address: lot.address,
        city: lot.city,
        geoLat: lot.geoLat,
        geoLng: lot.geoLng,
        entranceLat: lot.entrance?.lat ?? null,
        entranceLng: lot.entrance?.lng ?? null,
        amenitiesJson: JSON.stringify(lot.amenities),
        hoursJson: JSON.stringify(Object.fromEntries(WEEKDAYS.map((day) => [day, lot.hours]))),
        rulesJson: JSON.stringify({
          maxDuration: lot.maxDuration,
          allowOvernight: lot.allowOvernight,
          vehicleTypes: demoVehicleTypes(lot),
        }),
        isApproved: true,
      }),
      pricingRow(db, lotId, demoPricingOf(lot)),
      ...chunksOf(slotRows(lotId, lot), SLOT_ROWS_PER_INSERT).map((rows) => db.insert(slots).values(rows)),
      approvedSubmission(db, lotId, lot, ids),
    );
    if (lot.name === DEMO_ATTENDANT_LOT) {
      statements.push(db.insert(attendantAssignments).values({ id: newId(), attendantId: ids.attendant, lotId }));
    }
  }
  statements.push(...demoPriceChanges(db, seeded));
  return statements;
}

/** The demo driver starts with ₱1,000 from a settled sandbox GCash top-up: a real payment and its ledger row. */
function demoTopup(db: DB, userId: string, walletId: string): SeedStatement[] {
  const paymentId = newId();
  const providerRef = `sbx_${paymentId}`;
  const amountCents = 100_000;
  return [
    db.insert(payments).values({
      id: paymentId,
      userId,
      walletId,
      provider: 'sandbox',
      method: 'gcash',
      amountCents,
      status: 'succeeded',
      providerRef,
      completedAt: new Date().toISOString(),
    }),
    // The ledger trigger moves the balance, exactly as for a webhook-settled top-up.
    db.insert(walletTransactions).values({
      id: newId(),
      walletId,
      type: 'TOPUP',
      amountCents,
      description: 'Top-up via GCash',
      paymentReference: providerRef,
      idempotencyKey: `payment:${paymentId}`,
    }),
  ];
}

export async function seedDemoData(db: DB): Promise<void> {
  for (const [first, ...rest] of chunksOf(await demoDataStatements(db), 100)) await db.batch([first, ...rest]);
}

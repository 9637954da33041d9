/**
 * Monthly passes (docs/passes.md, "Monthly passes"): owners sell pass products per lot
 * (pass-products.service.ts), drivers buy passes from the wallet (pass-sale.service.ts) and see them with their QR
 * (driver-passes.service.ts), and the daily run renews, warns and keeps the lot objects' slots (pass-renewals.service.ts).
 * Other domains reach monthly passes through this module.
 */
export { myPasses, setAutoRenew } from './driver-passes.service';
export { createProduct, ownerProducts, pauseProduct, productsOnSale } from './pass-products.service';
export { followPassesInLots, renewDuePasses, warnEndingPasses } from './pass-renewals.service';
export { buyPass } from './pass-sale.service';

import type { DB } from '../db/client';
import { passWithRenewals, validPassOfDriver, validPassOfPlate } from './monthly-passes.data';

// What the gate checks of a monthly pass at entry and exit.
export { scheduleOf, termOf } from './pass-term';

/** The pass a plate parks on at a lot at `at`, or that its driver taps in on; null for none. */
export const plateOnPass = (db: DB, lotId: string, plate: string, at: Date) => validPassOfPlate(db, lotId, plate, at);
export const driversPassAt = (db: DB, lotId: string, userId: string, at: Date) => validPassOfDriver(db, lotId, userId, at);

/** A pass and its renewals (each renewing the one before) beginning before `untilIso`: the cover of a car inside as its pass renews. */
export const passAndRenewals = (db: DB, passId: string, untilIso: string) => passWithRenewals(db, passId, untilIso);

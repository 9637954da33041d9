/**
 * Merchant validations (docs/passes.md, "Merchant validations"): the owner registers merchants at a
 * lot and issues them single-use codes or a merchant link (merchants.service.ts); the gate (or the merchant's
 * cashier on the link) redeems one on a stay that is still inside (redemption.service.ts); the exit prices the
 * stay with them (`core/validations.ts`, validatedCharge) and records what each gave. Other domains
 * reach validations through this module.
 */
export { issueCodes, listMerchants, openMerchantLink, registerMerchant, revokeMerchantLink, validationReport } from './merchants.service';
import type { DB } from '../db/client';
import { validatedByLotMonth, validationsOfStay } from './validations.data';

export { applyCode, applyCodeAsDriver, merchantLink, validateOnLink } from './redemption.service';

/** The validations redeemed on a stay, which the gate prices its exit with. */
export const stayValidations = (db: DB, checkinId: string) => validationsOfStay(db, checkinId);

/** What merchants validated at an owner's lots (every lot for null), by lot and Manila month, for their statements. */
export const validatedPerLotMonth = (db: DB, ownerId: string | null, from: string, to: string) =>
  validatedByLotMonth(db, ownerId, from, to);

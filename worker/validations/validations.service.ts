/**
 * Merchant validations (docs/passes.md, "Merchant validations"): the owner registers merchants at a
 * lot and issues them single-use codes or a merchant link (merchants.service.ts); the gate (or the merchant's
 * cashier on the link) redeems one on a stay that is still inside (redemption.service.ts); the exit prices the
 * stay with them (`core/validations.ts`, validatedCharge) and records what each gave. Other domains
 * reach validations through this module.
 */
export { issueCodes, listMerchants, openMerchantLink, registerMerchant, revokeMerchantLink, validationReport } from './merchants.service';
export { applyCode, applyCodeAsDriver, merchantLink, validateOnLink } from './redemption.service';

// What other domains use of validations: the gate prices an exit with a stay's validations and frees
// them when a check-in is undone; the owner's statements show what was validated.
export { validatedByLotMonth, validationsOfStay } from './validations.data';

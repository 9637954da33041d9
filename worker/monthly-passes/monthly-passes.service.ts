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

// What the gate checks of a monthly pass at entry and exit.
export {
  passWithRenewals,
  scheduleOf,
  termOf,
  validPassOfDriver,
  validPassOfPlate,
  type MonthlyPass,
} from './monthly-passes.data';

/**
 * Monthly passes (docs/passes.md, "Monthly passes"): owners sell pass products per lot
 * (pass-products.ts), drivers buy passes from the wallet (pass-sale.ts) and see them with their QR
 * (driver-passes.ts), and the daily run renews, warns and keeps the lot objects' slots (pass-renewals.ts).
 * Other domains reach monthly passes through this module.
 */
export { myPasses, setAutoRenew } from './driver-passes';
export { createProduct, ownerProducts, pauseProduct, productsOnSale } from './pass-products';
export { followPassesInLots, renewDuePasses, warnEndingPasses } from './pass-renewals';
export { buyPass } from './pass-sale';

// What the gate checks of a monthly pass at entry and exit.
export {
  passWithRenewals,
  scheduleOf,
  termOf,
  validPassOfDriver,
  validPassOfPlate,
  type MonthlyPass,
} from './monthly-passes.data';

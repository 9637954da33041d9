/** What other domains may ask of receipts: the statements that issue them inside a sale's batch, and the current ones. */
export { currentReceiptsOf, issuePassReceipt, issueReceipt, passReceiptsOf, reissueReceipt } from './receipts.data';

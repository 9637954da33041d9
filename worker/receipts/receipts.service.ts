/** What other domains use of receipts: the series' documents they write in their batches, and which receipt is current. */
export { currentReceiptsOf, issueReceipt, reissueReceipt } from './receipts.data';

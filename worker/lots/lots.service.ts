/** What other domains use of lots: who works or manages a lot, and the lots an attendant works. */
export { assertManagesLot, assertWorksLot, workableLotIds } from './lot-access';
export { listLotsByIds, listLotsOwnedBy } from './lots.data';

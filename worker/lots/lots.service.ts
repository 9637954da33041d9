/** Lots as other domains reach them (docs/architecture.md: a domain meets another at its service). */

/** Who works or manages a lot, and the lots an attendant works (owner/, gate/). */
export { assertManagesLot, assertWorksLot, workableLotIds } from './lot-access';
/** An owner's lots and their live availability, for the owner console (owner/); an attendant's lots (gate/). */
export { availabilityOf, findLot, listLotsByIds, listLotsOwnedBy, pageOfLotsOwnedBy, type LotRow } from './lots.data';

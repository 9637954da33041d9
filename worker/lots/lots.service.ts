/** Lots as other domains reach them (docs/architecture.md: a domain meets another at its service). */

/** Who manages a lot: the owner's screens check it before anything else (owner/). */
export { assertManagesLot } from './lot-access';
/** An owner's lots and their live availability, for the owner console (owner/). */
export { availabilityOf, findLot, listLotsOwnedBy, pageOfLotsOwnedBy, type LotRow } from './lots.data';

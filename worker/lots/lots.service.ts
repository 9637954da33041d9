/** What other domains may ask of lots. */
export { assertManagesLot, assertWorksLot } from './lot-access';

export { findLot } from './lots.data';
export { workableLotIds } from './lot-access';

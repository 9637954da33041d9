import { lots } from './schema';

/**
 * A lot's public listing: what drivers find it by and are led to. Read by lots (a lot's row) and by
 * admin (a listing change beside the listing drivers see now), so it lives with the schema.
 */
export const listingColumns = {
  name: lots.name,
  address: lots.address,
  geoLat: lots.geoLat,
  geoLng: lots.geoLng,
  entranceLat: lots.entranceLat,
  entranceLng: lots.entranceLng,
};

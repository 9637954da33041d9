/**
 * The map's tile server and its credit, declared once: the lot map draws from it and the content
 * security policy (core/security-headers.ts) allows images from exactly its origin. Changing the
 * tile server is a change here and nowhere else.
 */
export const MAP_TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

export const MAP_TILE_ORIGIN = new URL(MAP_TILES.url).origin;

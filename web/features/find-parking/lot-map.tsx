import 'leaflet/dist/leaflet.css';
import { divIcon, latLngBounds, type Map as LeafletMap } from 'leaflet';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { mapLevel, MAP_COLORS, MAP_LEGEND, type MapLevel } from '../../../core/availability';
import { boxParam } from '../../../core/search';
import { platformRulesQuery, type DriverLot } from '../../lib/booking';
import { useIdleAfter } from '../../lib/idle';

type MapView = { bbox?: string; center: [number, number]; zoom: number };
type Counts = { free: number; total: number };

const boxOf = (map: LeafletMap) => {
  const bounds = map.getBounds();
  return boxParam({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() });
};

/**
 * Keeps the map and the search in step. A view the search asks for (a new place, a link's viewport,
 * the back button) moves the map; a move the driver makes reports the new viewport. The map's own
 * moves to a view it was asked for are not reported, so the two never chase each other. Nor is a move
 * ending once another screen is opening: Leaflet reports a resize 200 ms late, and the driver who
 * tapped a link meanwhile must not be taken back to the search.
 */
function FollowSearch({ view, onMoved }: { view: MapView; onMoved: (bbox: string) => void }) {
  const map = useMap();
  const { history } = useRouter();
  const [screen] = useState(() => history.location.pathname);
  const shown = useRef<string | null>(null);
  const placing = useRef(false);
  const key = view.bbox ?? `${view.center.join(',')}@${view.zoom}`;
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    placing.current = true;
    if (view.bbox) {
      const [west, south, east, north] = view.bbox.split(',').map(Number);
      map.fitBounds(latLngBounds([south, west], [north, east]), { animate: false });
    } else map.setView(view.center, view.zoom, { animate: false });
    placing.current = false;
  }, [map, key, view]);
  useMapEvents({
    moveend: () => {
      if (placing.current || history.location.pathname !== screen) return;
      shown.current = boxOf(map);
      onMoved(shown.current);
    },
  });
  return null;
}

const clusterIcon = (count: number, level: MapLevel) =>
  divIcon({
    className: '',
    iconSize: [36, 36],
    html: `<span class="flex h-9 w-9 items-center justify-center rounded-full border-2 border-white text-sm font-semibold text-white shadow" style="background:${MAP_COLORS[level]}">${count}</span>`,
  });

/** The lots found, grouped where they crowd at this zoom; each marker coloured by the availability rule. */
function Clusters({ lots, onSelect }: { lots: DriverLot[]; onSelect: (lot: DriverLot) => void }) {
  const map = useMap();
  const [view, setView] = useState(() => ({ zoom: map.getZoom(), box: map.getBounds() }));
  useMapEvents({ moveend: () => setView({ zoom: map.getZoom(), box: map.getBounds() }) });
  const byId = useMemo(() => new Map(lots.map((lot) => [lot.id, lot])), [lots]);
  const index = useMemo(() => {
    const clusters = new Supercluster<Counts & { id: string }, Counts>({
      radius: 48,
      maxZoom: 17,
      map: ({ free, total }) => ({ free, total }),
      reduce: (sum, counts) => {
        sum.free += counts.free;
        sum.total += counts.total;
      },
    });
    clusters.load(
      lots.map((lot) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lot.geoLng, lot.geoLat] },
        properties: { id: lot.id, free: lot.availability.free, total: lot.availability.total },
      })),
    );
    return clusters;
  }, [lots]);
  const features = index.getClusters(
    [view.box.getWest(), view.box.getSouth(), view.box.getEast(), view.box.getNorth()],
    Math.round(view.zoom),
  );
  return features.map((feature) => {
    const [lng, lat] = feature.geometry.coordinates;
    const level = mapLevel(feature.properties.free, feature.properties.total);
    if ('cluster' in feature.properties) {
      const { cluster_id: id, point_count: count } = feature.properties;
      return (
        <Marker
          key={`cluster-${id}`}
          position={[lat, lng]}
          icon={clusterIcon(count, level)}
          title={`${count} lots`}
          eventHandlers={{ click: () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), 18)) }}
        />
      );
    }
    const lot = byId.get(feature.properties.id)!;
    return (
      <CircleMarker
        key={lot.id}
        center={[lat, lng]}
        radius={10}
        pathOptions={{ color: '#fff', weight: 2, fillColor: MAP_COLORS[level], fillOpacity: 0.95 }}
        eventHandlers={{ click: () => onSelect(lot) }}
      >
        <Popup>
          <strong>{lot.name}</strong>
          <br />
          {lot.availability.free} of {lot.availability.total} free · {MAP_LEGEND[level]}
        </Popup>
      </CircleMarker>
    );
  });
}

/** The map of the search's viewport: moving it searches there; the lots found, clustered. */
export function LotMap({
  view,
  lots,
  onSelect,
  onMoved,
}: {
  view: MapView;
  lots: DriverLot[];
  onSelect: (lot: DriverLot) => void;
  onMoved: (bbox: string) => void;
}) {
  // The map starts in steps, each in a task of its own, so none holds a phone's main thread for long:
  // the map and its controls, then its tiles, then the lots (web/lib/idle.ts).
  const tilesShown = useIdleAfter(true);
  const lotsShown = useIdleAfter(tilesShown);
  // This deployment's tile server (MAP_TILES_URL), with the platform's rules.
  const mapTiles = useQuery(platformRulesQuery).data?.mapTiles;
  return (
    // `isolate`: Leaflet's panes use z-indexes up to 1000; keep them inside the map, under dialogs and menus.
    <div className="isolate min-w-0 overflow-hidden rounded-xl border border-border">
      <MapContainer
        center={view.center}
        zoom={view.zoom}
        scrollWheelZoom={false}
        className="h-72 w-full lg:h-96"
        aria-label="Map of parking lots"
      >
        <FollowSearch view={view} onMoved={onMoved} />
        {/* Asked for with CORS, so the service worker can tell a tile from an error and keep it for offline use. */}
        {tilesShown && mapTiles && <TileLayer url={mapTiles.url} attribution={mapTiles.attribution} crossOrigin="anonymous" />}
        {lotsShown && <Clusters lots={lots} onSelect={onSelect} />}
      </MapContainer>
      <ul className="flex flex-wrap gap-4 border-t border-border bg-card px-4 py-2 text-sm" aria-label="Legend">
        {(Object.keys(MAP_LEGEND) as MapLevel[]).map((level) => (
          <li key={level} className="flex items-center gap-2">
            <span className="h-3 w-3 rounded-full" style={{ backgroundColor: MAP_COLORS[level] }} aria-hidden />
            {MAP_LEGEND[level]}
          </li>
        ))}
      </ul>
    </div>
  );
}

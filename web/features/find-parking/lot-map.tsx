import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { useEffect } from 'react';
import { mapLevel, MAP_COLORS, MAP_LEGEND, type MapLevel } from '../../../core/availability';
import { MAP_TILES } from '../../../core/map-tiles';
import type { DriverLot } from '../../lib/booking';

function Recentre({ center }: { center: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    map.setView(center);
  }, [map, center]);
  return null;
}

/** Spec 2.4's map made real: every lot found, coloured by occupancy in the chosen window. */
export function LotMap({ center, lots, onSelect }: { center: [number, number]; lots: DriverLot[]; onSelect: (lot: DriverLot) => void }) {
  return (
    // `isolate`: Leaflet's panes use z-indexes up to 1000; keep them inside the map, under dialogs and menus.
    <div className="isolate overflow-hidden rounded-xl border border-border">
      <MapContainer center={center} zoom={13} scrollWheelZoom={false} className="h-72 w-full lg:h-96" aria-label="Map of parking lots">
        <Recentre center={center} />
        <TileLayer url={MAP_TILES.url} attribution={MAP_TILES.attribution} />
        {lots.map((lot) => {
          const level = mapLevel(lot.availability.free, lot.availability.total);
          return (
            <CircleMarker
              key={lot.id}
              center={[lot.geoLat, lot.geoLng]}
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
        })}
      </MapContainer>
      <ul className="flex gap-4 border-t border-border bg-card px-4 py-2 text-sm" aria-label="Legend">
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

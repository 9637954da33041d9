import { Navigation } from 'lucide-react';
import { directionsLinks } from '../../core/geo';
import { Button } from './ui/button';

/** Directions to a lot's entrance: Google Maps, and Waze for the drivers who use it (each opens its app on a phone). */
export function Directions({ lat, lng, lotName }: { lat: number; lng: number; lotName: string }) {
  const links = directionsLinks(lat, lng);
  return (
    <>
      <Button variant="outline" asChild>
        <a href={links.googleMaps} target="_blank" rel="noreferrer" aria-label={`Directions to ${lotName} in Google Maps`}>
          <Navigation className="h-4 w-4" aria-hidden /> Directions
        </a>
      </Button>
      <Button variant="outline" asChild>
        <a href={links.waze} target="_blank" rel="noreferrer" aria-label={`Directions to ${lotName} in Waze`}>
          Waze
        </a>
      </Button>
    </>
  );
}

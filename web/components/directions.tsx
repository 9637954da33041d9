import { Navigation } from 'lucide-react';
import { directionsLinks, entranceOf, type LotPlace } from '../../core/geo';
import { Button } from './ui/button';

/**
 * Directions to a lot's entrance (its pin when the owner set none): Google Maps, and Waze for the
 * drivers who use it (each opens its app on a phone).
 */
export function Directions({ lot, lotName }: { lot: LotPlace; lotName: string }) {
  const links = directionsLinks(...entranceOf(lot));
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

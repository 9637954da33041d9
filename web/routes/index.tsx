import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { findParkingSearch } from '../features/find-parking/find-parking-search';
import { LandingPage } from '../features/landing/landing-page';
import { useAuth } from '../lib/session';

/**
 * Find Parking (with its map) is fetched only once someone signed in opens it: the landing page a
 * signed-out visitor sees must stay light (docs/performance.md, web).
 */
const FindParkingPage = lazyRouteComponent(() => import('../features/find-parking/find-parking-page'), 'FindParkingPage');

/** `/` is the landing page when signed out and Find Parking when signed in (spec 2.1), whose search is the URL's. */
export const Route = createFileRoute('/')({ validateSearch: findParkingSearch, component: Home });

function Home() {
  const { user } = useAuth();
  if (!user) return <LandingPage />;
  return <FindParkingPage />;
}

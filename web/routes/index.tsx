import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { findParkingSearch } from '../features/find-parking/find-parking-search';
import { useAuth } from '../lib/session';

/**
 * Each half is fetched only by whoever sees it (docs/performance.md, web). A visitor opening `/` gets
 * the landing page prerendered at build (worker/http/home-page.ts); the SPA renders it only when a
 * visitor comes back to `/` from another screen, or for a session that has expired.
 */
const FindParkingPage = lazyRouteComponent(() => import('../features/find-parking/find-parking-page'), 'FindParkingPage');
const LandingPage = lazyRouteComponent(() => import('../features/landing/landing-page'), 'LandingPage');

/** `/` is the landing page when signed out and Find Parking (what drivers come for) when signed in, its search the URL's. */
export const Route = createFileRoute('/')({ validateSearch: findParkingSearch, component: Home });

function Home() {
  const { user } = useAuth();
  if (!user) return <LandingPage />;
  return <FindParkingPage />;
}

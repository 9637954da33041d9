import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { nextQuarterHour, toManilaInput } from '../../core/time';
import { findParkingSearch, lotQueryOf, windowOf } from '../features/find-parking/find-parking-search';
import { preferencesQuery } from '../lib/account';
import { lotsQuery } from '../lib/booking';
import { useAuth } from '../lib/session';

/**
 * Each half is fetched only by whoever sees it (docs/performance.md, web). A visitor opening `/` gets
 * the landing page prerendered at build (worker/auth/app-pages.ts); the SPA renders it only when a
 * visitor comes back to `/` from another screen, or for a session that has expired.
 */
const FindParkingPage = lazyRouteComponent(() => import('../features/find-parking/find-parking-page'), 'FindParkingPage');
const LandingPage = lazyRouteComponent(() => import('../features/landing/landing-page'), 'LandingPage');

/** `/` is the landing page when signed out and Find Parking (what drivers come for) when signed in, its search the URL's. */
export const Route = createFileRoute('/')({
  validateSearch: findParkingSearch,
  // A driver's list starts loading with the route, beside the screen's code; prefetched, not awaited,
  // so the list shows its skeleton meanwhile. The key is the screen's own (same search, window, default duration).
  loader: ({ context: { queryClient, user }, location }) => {
    if (!user) return;
    const search = findParkingSearch(location.search);
    void queryClient
      .ensureQueryData(preferencesQuery)
      .then((prefs) => {
        const window = windowOf(search, prefs.defaultDuration, toManilaInput(nextQuarterHour()));
        return queryClient.prefetchInfiniteQuery(lotsQuery(lotQueryOf(search, window)));
      })
      // The screen's own queries show what failed.
      .catch(() => undefined);
  },
  component: Home,
});

function Home() {
  const { user } = useAuth();
  if (!user) return <LandingPage />;
  return <FindParkingPage />;
}

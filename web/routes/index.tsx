import { createFileRoute } from '@tanstack/react-router';
import { FindParkingPage } from '../features/find-parking/find-parking-page';
import { findParkingSearch } from '../features/find-parking/find-parking-search';
import { LandingPage } from '../features/landing/landing-page';
import { useAuth } from '../lib/session';

/** `/` is the landing page when signed out and Find Parking when signed in (spec 2.1), whose search is the URL's. */
export const Route = createFileRoute('/')({ validateSearch: findParkingSearch, component: Home });

function Home() {
  const { user } = useAuth();
  if (!user) return <LandingPage />;
  return <FindParkingPage />;
}

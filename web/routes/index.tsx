import { createFileRoute } from '@tanstack/react-router';
import { FindParkingPage } from '../features/find-parking/find-parking-page';
import { LandingPage } from '../features/landing/landing-page';
import { useAuth } from '../lib/session';

/** `/` is the landing page when signed out and Find Parking when signed in (spec 2.1). */
export const Route = createFileRoute('/')({ component: Home });

function Home() {
  const { user } = useAuth();
  if (!user) return <LandingPage />;
  return <FindParkingPage />;
}

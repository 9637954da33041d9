import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/site/about-page';

/** About Us: who runs Parkada: public, the same signed in or out. */
export const Route = createFileRoute('/about')({ component: AboutPage });

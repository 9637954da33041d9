import { createFileRoute } from '@tanstack/react-router';
import { HowItWorksPage } from '../features/site/how-it-works-page';

/** How It Works, for drivers and owners: public, the same signed in or out. */
export const Route = createFileRoute('/how-it-works')({ component: HowItWorksPage });

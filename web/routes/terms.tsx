import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/site/terms-page';

/** The Terms of Service: public, the same signed in or out. */
export const Route = createFileRoute('/terms')({ component: TermsPage });

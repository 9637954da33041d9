import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/site/privacy-page';

/** The Privacy Policy (RA 10173 notice): public, the same signed in or out. */
export const Route = createFileRoute('/privacy')({ component: PrivacyPage });

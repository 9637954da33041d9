import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/support/help-page';

/** Help: the FAQ and Parkada support; public, with the contact form and My requests once signed in. */
export const Route = createFileRoute('/help')({ component: HelpPage });

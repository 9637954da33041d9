import { createFileRoute } from '@tanstack/react-router';
import { PortalPage } from '../../../features/gate/portal-page';

export const Route = createFileRoute('/_auth/attendant/')({ component: PortalPage });

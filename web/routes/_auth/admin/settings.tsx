import { createFileRoute } from '@tanstack/react-router';
import { AdminSettingsPage } from '../../../features/admin/settings-page';

export const Route = createFileRoute('/_auth/admin/settings')({ component: AdminSettingsPage });

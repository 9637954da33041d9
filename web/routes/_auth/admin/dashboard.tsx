import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '../../../features/admin/dashboard-page';

export const Route = createFileRoute('/_auth/admin/dashboard')({ component: AdminDashboardPage });

import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_AREA } from '../../../core/roles';
import { AdminLayout } from '../../features/admin/admin-nav';
import { requireRole } from '../../lib/guards';

export const Route = createFileRoute('/_auth/admin')({ beforeLoad: requireRole(ADMIN_AREA), component: AdminLayout });

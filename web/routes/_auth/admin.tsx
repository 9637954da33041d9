import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_AREA } from '../../../core/roles';
import { AdminLayout } from '../../features/admin/admin-nav';
import { requireRoleEnrolled } from '../../lib/second-factor';

export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: requireRoleEnrolled(ADMIN_AREA),
  component: AdminLayout,
});

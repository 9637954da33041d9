import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_AREA } from '../../../core/roles';
import { AdminLayout } from '../../features/admin/admin-nav';
import { requireRole } from '../../lib/guards';
import { enrolmentFirst } from '../../lib/second-factor';

export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: async (args) => {
    const allowed = requireRole(ADMIN_AREA)(args);
    await enrolmentFirst(args);
    return allowed;
  },
  component: AdminLayout,
});

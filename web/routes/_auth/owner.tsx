import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OWNER_AREA } from '../../../core/roles';
import { requireRole } from '../../lib/guards';
import { enrolmentFirst } from '../../lib/second-factor';

export const Route = createFileRoute('/_auth/owner')({
  beforeLoad: async (args) => {
    const allowed = requireRole(OWNER_AREA)(args);
    await enrolmentFirst(args);
    return allowed;
  },
  component: Outlet,
});

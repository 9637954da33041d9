import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OWNER_AREA } from '../../../core/roles';
import { requireRoleEnrolled } from '../../lib/second-factor';

export const Route = createFileRoute('/_auth/owner')({
  beforeLoad: requireRoleEnrolled(OWNER_AREA),
  component: Outlet,
});

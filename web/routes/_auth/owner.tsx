import { createFileRoute, Outlet } from '@tanstack/react-router';
import { OWNER_AREA } from '../../../core/roles';
import { requireRole } from '../../lib/guards';

export const Route = createFileRoute('/_auth/owner')({ beforeLoad: requireRole(OWNER_AREA), component: Outlet });

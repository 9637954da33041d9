import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ATTENDANT_AREA } from '../../../core/roles';
import { requireRole } from '../../lib/guards';

export const Route = createFileRoute('/_auth/attendant')({ beforeLoad: requireRole(ATTENDANT_AREA), component: Outlet });

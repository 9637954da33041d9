import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../lib/guards';

/** Every screen below needs a signed-in user (spec 2.1, "Signed in, all roles"). */
export const Route = createFileRoute('/_auth')({ beforeLoad: requireUser, component: Outlet });

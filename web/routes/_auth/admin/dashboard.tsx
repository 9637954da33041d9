import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/admin/dashboard')({
  component: () => <ComingSoon title="Super Admin Dashboard" summary="Platform figures, health and audit logs arrive with the admin release." />,
});

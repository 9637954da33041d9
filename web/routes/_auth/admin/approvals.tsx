import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/admin/approvals')({
  component: () => <ComingSoon title="Approvals Management" summary="Approving owner applications and lot submissions arrives with the admin release." />,
});

import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/owner/lots')({
  component: () => <ComingSoon title="Manage Lots" summary="Creating and editing lots arrives with the owner release." />,
});

import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/owner/dashboard')({
  component: () => <ComingSoon title="Owner Dashboard" summary="KPIs, revenue trend and lot performance arrive with the owner release." />,
});

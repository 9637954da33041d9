import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/attendant/')({
  component: () => <ComingSoon title="Attendant Portal" summary="Shifts, check-ins and lot status arrive with the attendant release." />,
});

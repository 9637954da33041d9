import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon';

export const Route = createFileRoute('/_auth/attendant/scan')({
  component: () => <ComingSoon title="Scan Pass" summary="QR scanning and manual entry arrive with the attendant release." />,
});

import { createFileRoute } from '@tanstack/react-router';
import { ApprovalsPage } from '../../../features/admin/approvals-page';
import { approvalsSearch } from '../../../features/admin/approvals-search';

export const Route = createFileRoute('/_auth/admin/approvals')({ validateSearch: approvalsSearch, component: ApprovalsPage });

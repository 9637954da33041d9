import { createFileRoute } from '@tanstack/react-router';
import { AuditLogsPage } from '../../../features/admin/audit-logs-page';
import { auditSearch } from '../../../features/admin/audit-search';

export const Route = createFileRoute('/_auth/admin/audit-logs')({ validateSearch: auditSearch, component: AuditLogsPage });

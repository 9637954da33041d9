import { z } from 'zod';

export const REPORT_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'revenue', label: 'Revenue' },
  { value: 'occupancy', label: 'Occupancy' },
  { value: 'customers', label: 'Customers' },
] as const;
export type ReportTab = (typeof REPORT_TABS)[number]['value'];

/** The report's filter and tab live in the URL, so a report is a link; missing dates mean today (Manila). */
export const reportsSearch = z.object({
  lotId: z.string().optional().catch(undefined),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
  tab: z
    .enum(REPORT_TABS.map((tab) => tab.value) as [ReportTab, ...ReportTab[]])
    .catch('overview')
    .default('overview'),
});

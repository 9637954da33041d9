import type { SearchSchemaInput } from '@tanstack/react-router';
import { choiceParam, textParam } from '../../lib/search-params';

export const REPORT_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'revenue', label: 'Revenue' },
  { value: 'occupancy', label: 'Occupancy' },
  { value: 'customers', label: 'Customers' },
  { value: 'plates', label: 'Plate Reads' },
] as const;
export type ReportTab = (typeof REPORT_TABS)[number]['value'];

export type ReportsSearch = { lotId?: string; from?: string; to?: string; tab: ReportTab };

/** The report's filter and tab live in the URL, so a report is a link; missing dates mean today (Manila). */
export const reportsSearch = (raw: { [key in keyof ReportsSearch]?: unknown } & SearchSchemaInput): ReportsSearch => ({
  lotId: textParam(raw.lotId),
  from: textParam(raw.from),
  to: textParam(raw.to),
  tab:
    choiceParam(
      raw.tab,
      REPORT_TABS.map((tab) => tab.value),
    ) ?? 'overview',
});

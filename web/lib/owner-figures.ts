import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TrendRange } from '../../core/owner-figures';
import type { ReportFilter } from '../../core/report-request';
import { api, unwrap } from './api';

export type OwnerReport = InferResponseType<typeof api.owner.reports.$get, 200>;
export type OwnerCustomers = InferResponseType<typeof api.owner.reports.customers.$get, 200>;

const location = (lotId?: string) => (lotId ? { lotId } : {});

export const ownerKpisQuery = (lotId?: string) =>
  queryOptions({
    queryKey: ['/api/owner/kpis', lotId ?? 'all'],
    queryFn: () => unwrap(api.owner.kpis.$get({ query: location(lotId) })),
    refetchInterval: 60_000,
  });

export const revenueTrendQuery = (range: TrendRange, lotId?: string) =>
  queryOptions({
    queryKey: ['/api/owner/revenue', lotId ?? 'all', range],
    queryFn: () => unwrap(api.owner.revenue.$get({ query: { ...location(lotId), range } })),
    placeholderData: keepPreviousData,
  });

export const lotPerformanceQuery = queryOptions({
  queryKey: ['/api/owner/lot-performance'],
  queryFn: () => unwrap(api.owner['lot-performance'].$get()),
});

export const ownerReportQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['/api/owner/reports', filter.lotId ?? 'all', filter.from, filter.to],
    queryFn: () => unwrap(api.owner.reports.$get({ query: { ...location(filter.lotId), from: filter.from, to: filter.to } })),
    placeholderData: keepPreviousData,
  });

/** The report's Plate Reads tab: how well the gate camera read plates at these lots (docs/gate.md, Plate recognition). */
export const ownerPlateReadsQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['/api/owner/reports/plate-reads', filter.lotId ?? 'all', filter.from, filter.to],
    queryFn: () =>
      unwrap(api.owner.reports['plate-reads'].$get({ query: { ...location(filter.lotId), from: filter.from, to: filter.to } })),
    placeholderData: keepPreviousData,
  });

/** The report's Customers tab, fetched when it is shown or exported (a request of its own, see figures.service). */
export const ownerCustomersQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: ['/api/owner/reports/customers', filter.lotId ?? 'all', filter.from, filter.to],
    queryFn: () => unwrap(api.owner.reports.customers.$get({ query: { ...location(filter.lotId), from: filter.from, to: filter.to } })),
    placeholderData: keepPreviousData,
  });

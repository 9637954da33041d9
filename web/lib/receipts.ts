import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from './api';
import { allItems, pagedQuery } from './pages';

export type ReceiptSummary = InferResponseType<typeof api.receipts.$get, 200>['items'][number];
/** The History filters (`historyQueryOf`). */
/** A receipt or VOID in full, as its page prints it. */
export type ReceiptDocument = InferResponseType<(typeof api.receipts)[':id']['$get'], 200>;
export type ReceiptFilters = Omit<NonNullable<InferRequestType<typeof api.receipts.$get>['query']>, 'limit' | 'cursor'>;

const receiptPage = (filters: ReceiptFilters) => (cursor?: string, limit?: number) =>
  unwrap(api.receipts.$get({ query: { ...filters, cursor, limit: limit?.toString() } }));
export const receiptsQuery = (filters: ReceiptFilters) => pagedQuery(['/api/receipts', 'list', filters], receiptPage(filters));
export const allReceipts = (filters: ReceiptFilters) => allItems(receiptPage(filters));
export const receiptCountsQuery = (filters: ReceiptFilters) =>
  queryOptions({ queryKey: ['/api/receipts', 'counts', filters], queryFn: () => unwrap(api.receipts.counts.$get({ query: filters })) });
export const receiptQuery = (id: string) =>
  queryOptions({ queryKey: ['/api/receipts', id], queryFn: () => unwrap(api.receipts[':id'].$get({ param: { id } })) });

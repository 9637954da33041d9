import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './api';

export type ReceiptSummary = InferResponseType<typeof api.receipts.$get, 200>[number];
export type Receipt = InferResponseType<(typeof api.receipts)[':id']['$get'], 200>;

export const receiptsQuery = queryOptions({ queryKey: ['/api/receipts'], queryFn: () => unwrap(api.receipts.$get()) });
export const receiptQuery = (id: string) => queryOptions({ queryKey: ['/api/receipts', id], queryFn: () => unwrap(api.receipts[':id'].$get({ param: { id } })) });

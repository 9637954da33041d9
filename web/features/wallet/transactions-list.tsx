import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { cn } from '../../components/ui/cn';
import { LoadMore } from '../../components/ui/load-more';
import { Spinner } from '../../components/ui/spinner';
import { loadedItems } from '../../lib/pages';
import { transactionsQuery } from '../../lib/wallet';

/** The ledger, newest first, ten at a time; with `points`, the rows that moved loyalty points. */
export function TransactionsList({ points = false }: { points?: boolean }) {
  const list = useInfiniteQuery(transactionsQuery(points));
  const { isLoading, isError, error } = list;
  const rows = loadedItems(list.data);
  if (isLoading) return <Spinner compact label="Loading transactions" />;
  if (isError) return <p className="text-destructive">{error.message}</p>;
  if (rows.length === 0) {
    return (
      <p className="py-6 text-center text-muted-foreground">
        {points ? 'No points yet: you earn 1 point per ₱10 spent on parking.' : 'No transactions yet.'}
      </p>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-border">
        {rows.map((row) => {
          const credit = points ? row.pointsDelta > 0 : row.amountCents > 0;
          return (
            <li key={row.id} data-testid={points ? 'points-row' : 'transaction'} className="flex items-center gap-3 py-3">
              <span
                className={cn(
                  'flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
                  credit ? 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300' : 'bg-muted text-foreground',
                )}
              >
                {credit ? <ArrowDownLeft className="h-4 w-4" aria-hidden /> : <ArrowUpRight className="h-4 w-4" aria-hidden />}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{row.description}</p>
                <p className="text-xs text-muted-foreground">
                  {row.label} · {formatDateTime(row.createdAt)}
                  {row.topupId && (
                    <>
                      {' · '}
                      <Link to="/checkout" search={{ payment: row.topupId }} className="underline hover:text-foreground">
                        Details and refund
                      </Link>
                    </>
                  )}
                </p>
              </div>
              <span className={cn('shrink-0 font-semibold tabular-nums', credit && 'text-green-700 dark:text-green-400')}>
                {points
                  ? `${row.pointsDelta > 0 ? '+' : ''}${row.pointsDelta} pts`
                  : `${row.amountCents > 0 ? '+' : '−'}${formatPeso(Math.abs(row.amountCents))}`}
              </span>
            </li>
          );
        })}
      </ul>
      <LoadMore list={list} />
    </div>
  );
}

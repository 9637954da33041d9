import type { ReactNode } from 'react';

/** Labelled values in two columns (a review's details, an application's papers); long values wrap anywhere. */
export const DetailList = ({ rows }: { rows: [string, ReactNode][] }) => (
  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
    {rows.map(([label, value]) => (
      <div key={label} className="contents">
        <dt className="text-muted-foreground">{label}</dt>
        <dd className="[overflow-wrap:anywhere]">{value}</dd>
      </div>
    ))}
  </dl>
);

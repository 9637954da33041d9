import type { ReactNode } from 'react';
import { Card } from './card';

/** A list of cards, or one card saying why it is empty. */
export function CardList<T extends { id: string }>({
  items,
  empty,
  children,
}: {
  items: T[];
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Card className="text-center text-muted-foreground">{empty}</Card>;
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

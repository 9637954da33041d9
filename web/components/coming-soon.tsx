import { Construction } from 'lucide-react';
import { Card } from './ui/card';

/** Honest placeholder for a screen that is not built yet (Foundation only; later issues replace each one). */
export function ComingSoon({ title, summary }: { title: string; summary: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      <Card className="flex gap-4">
        <Construction className="h-8 w-8 shrink-0 text-brand" aria-hidden />
        <div>
          <p className="font-semibold">This screen is coming.</p>
          <p className="mt-1 text-muted-foreground">{summary}</p>
        </div>
      </Card>
    </main>
  );
}

import { cn } from './cn';

/** Loading indicator; full-screen height by default, `compact` inside a card. */
export function Spinner({ label = 'Loading', compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center justify-center', compact ? 'py-6' : 'min-h-[50vh]')}>
      <div className={cn('animate-spin rounded-full border-4 border-brand border-t-transparent', compact ? 'h-6 w-6' : 'h-10 w-10')} />
    </div>
  );
}

import { rateSign } from '../../core/rate-sign';
import type { RateCard } from '../../core/rate-card';
import { cn } from './ui/cn';

/** A rate card's lines as lots post them: the owner's printed sign (`large`) and the driver's lot page. */
export function RateSignSections({ card, large = false }: { card: RateCard; large?: boolean }) {
  return (
    <div className={cn(large ? 'space-y-8' : 'space-y-4')}>
      {rateSign(card).map((section) => (
        <section key={section.heading} aria-label={section.heading}>
          <h2
            className={cn(
              'font-semibold',
              large ? 'mb-3 border-b-2 border-current pb-1 text-2xl sm:text-3xl' : 'mb-1 text-sm text-muted-foreground',
            )}
          >
            {section.heading}
          </h2>
          <dl className={cn(large ? 'space-y-3' : 'space-y-1 text-sm')}>
            {section.lines.map((line) => (
              <div key={line.label} className="flex items-baseline justify-between gap-4">
                <dt className={cn('min-w-0', large && 'text-xl sm:text-2xl')}>{line.label}</dt>
                <dd className={cn('text-right font-bold tabular-nums', large && 'text-2xl sm:text-3xl')}>{line.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

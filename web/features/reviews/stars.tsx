import { Star } from 'lucide-react';
import { RATINGS, ratingText } from '../../../core/reviews';
import { cn } from '../../components/ui/cn';

/** A rating as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={cn('inline-flex gap-0.5 text-amber-500', className)}>
      {[...RATINGS].reverse().map((star) => (
        <Star key={star} aria-hidden className={cn('h-4 w-4', star <= Math.round(rating) ? 'fill-current' : 'opacity-40')} />
      ))}
    </span>
  );
}

/** The stars to choose from in a form: a radio group, so keys and screen readers work as they do with any choice. */
export function StarPicker({ value, onChange, name }: { value: number | undefined; onChange: (rating: number) => void; name: string }) {
  return (
    <div role="radiogroup" aria-label="Rating" className="flex gap-1">
      {[...RATINGS].reverse().map((star) => (
        <label key={star} className="cursor-pointer rounded p-1 focus-within:ring-2 focus-within:ring-brand">
          <input type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} className="sr-only" />
          <Star
            aria-hidden
            className={cn('h-7 w-7 text-amber-500', value !== undefined && star <= value ? 'fill-current' : 'opacity-40')}
          />
          <span className="sr-only">
            {star} star{star > 1 ? 's' : ''}
          </span>
        </label>
      ))}
    </div>
  );
}

/** A lot's rating beside its name or on its card: "★ 4.3 (127 reviews)", or "No reviews yet". */
export function LotRating({ rating }: { rating: { average: number | null; count: number } }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm text-muted-foreground" data-testid="lot-rating">
      {rating.count > 0 && <Star aria-hidden className="h-4 w-4 fill-current text-amber-500" />}
      {ratingText(rating)}
    </span>
  );
}

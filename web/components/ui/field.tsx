import { Label } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { manilaDate } from '../../../core/time';

const control = 'h-10 rounded-lg border border-border bg-card px-3 text-foreground placeholder:text-muted-foreground';

export const Input = ({ className, ...props }: ComponentProps<'input'>) => (
  <input className={cn(control, 'w-full min-w-0', className)} {...props} />
);

export const Select = ({ className, ...props }: ComponentProps<'select'>) => (
  <select className={cn(control, className ?? 'w-full')} {...props} />
);

export const Textarea = ({ className, ...props }: ComponentProps<'textarea'>) => (
  <textarea
    className={cn('w-full rounded-lg border border-border bg-card p-3 text-foreground placeholder:text-muted-foreground', className)}
    {...props}
  />
);

/** A labelled form control with an optional hint below it. */
export function Field({ label, htmlFor, hint, children }: { label: string; htmlFor: string; hint?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label.Root htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </Label.Root>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** A Manila arrival time on the quarter hour (`datetime-local`; an emptied field keeps the last value). */
export const ArrivalInput = ({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) => (
  <Input id={id} type="datetime-local" step={900} value={value} onChange={(e) => e.target.value && onChange(e.target.value)} />
);

/** A Manila month (`YYYY-MM`) up to this one; an emptied field changes nothing. */
export const MonthField = ({
  id,
  label = 'Month',
  value,
  onPick,
}: {
  id: string;
  label?: string;
  value: string;
  onPick: (month: string) => void;
}) => (
  <Field label={label} htmlFor={id}>
    <Input
      id={id}
      type="month"
      value={value}
      max={manilaDate(Date.now()).slice(0, 7)}
      onChange={(e) => e.target.value && onPick(e.target.value)}
    />
  </Field>
);

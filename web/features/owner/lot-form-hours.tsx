import { useFormContext, useWatch } from 'react-hook-form';
import { WEEKDAYS, type Weekday } from '../../../core/booking';
import type { LotFormValues } from '../../../core/lot-form-input';
import { Field, Input } from '../../components/ui/field';
import { FieldProblem } from '../../components/ui/form-field';

const dayLabel = (day: Weekday) => day[0].toUpperCase() + day.slice(1);

/** One day of the week: closed, or its opening and closing times. */
function DayHours({ day }: { day: Weekday }) {
  const { register, formState } = useFormContext<LotFormValues>();
  const closed = useWatch<LotFormValues, `hoursJson.${Weekday}.closed`>({ name: `hoursJson.${day}.closed` });
  return (
    <div>
      <div className="flex items-center gap-2 text-sm">
        <span className="w-24">{dayLabel(day)}</span>
        <label className="flex items-center gap-1">
          <input type="checkbox" aria-label={`${dayLabel(day)} closed`} {...register(`hoursJson.${day}.closed`)} /> Closed
        </label>
        {!closed && (
          <>
            <Input aria-label={`${dayLabel(day)} opens`} type="time" {...register(`hoursJson.${day}.open`)} />
            <Input aria-label={`${dayLabel(day)} closes`} type="time" {...register(`hoursJson.${day}.close`)} />
          </>
        )}
      </div>
      <FieldProblem error={formState.errors.hoursJson?.[day]} />
    </div>
  );
}

/** The same hours every day, or day by day. */
export function LotHoursFields() {
  const { register, formState } = useFormContext<LotFormValues>();
  const everyDay = useWatch<LotFormValues, 'everyDay'>({ name: 'everyDay' });
  const errors = formState.errors;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Hours</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('everyDay')} /> Same every day
      </label>
      {everyDay ? (
        <div className="grid grid-cols-2 gap-3">
          <Field label="Open Time" htmlFor="lot-open">
            <Input id="lot-open" required type="time" {...register('daily.open')} />
          </Field>
          <Field label="Close Time" htmlFor="lot-close">
            <Input id="lot-close" required type="time" {...register('daily.close')} />
          </Field>
        </div>
      ) : (
        WEEKDAYS.map((day) => <DayHours key={day} day={day} />)
      )}
      {/* Every day's hours come from the one pair, so a day's problem is the pair's; day by day, each day shows its own. */}
      <FieldProblem error={everyDay ? (errors.daily ?? errors.hoursJson) : { message: errors.hoursJson?.message }} />
    </fieldset>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { applyValidationAsDriver } from '../../lib/validations';

/**
 * A checked-in driver enters the validation code a merchant gave them, before leaving: it lowers what
 * they owe at the exit for time past their reservation's end (prepaid time is never paid back; docs/passes.md).
 */
export function StayValidation({ reservationId }: { reservationId: string }) {
  const [code, setCode] = useState('');
  const apply = useMutation({ mutationFn: (value: string) => applyValidationAsDriver(reservationId, value), onSuccess: () => setCode('') });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) apply.mutate(code);
  };
  return (
    <Card>
      <h2 className="mb-2 font-semibold">Merchant validation</h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Got a validation code from a shop here? Enter it before you leave: it lowers what you pay at the exit for time past your end.
      </p>
      <form className="flex items-end gap-2" onSubmit={submit}>
        <div className="flex-1">
          <Field label="Validation code" htmlFor="stay-validation-code">
            <Input
              id="stay-validation-code"
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              autoComplete="off"
              placeholder="ABCDE-23456"
            />
          </Field>
        </div>
        <Button type="submit" disabled={apply.isPending || !code.trim()}>
          Apply
        </Button>
      </form>
      {apply.isError && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {apply.error.message.replace(/^\d+: /, '')}
        </p>
      )}
      {apply.data && (
        <ul role="status" className="mt-3 space-y-1 text-sm" data-testid="stay-validations">
          {apply.data.validations.map((validation) => (
            <li key={validation.id}>
              Validated by {validation.merchantName}: {validation.label}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { driverValidationSchema } from '../../../core/validation-request';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { upperCased, useSchemaForm } from '../../lib/form';
import { applyValidationAsDriver } from '../../lib/validations';

/**
 * A checked-in driver enters the validation code a merchant gave them, before leaving: it lowers what
 * they owe at the exit for time past their reservation's end (prepaid time is never paid back; docs/passes.md).
 */
export function StayValidation({ reservationId }: { reservationId: string }) {
  const form = useSchemaForm(driverValidationSchema, { code: '' });
  const code = useWatch({ control: form.control, name: 'code' });
  const apply = useMutation({
    mutationFn: (value: string) => applyValidationAsDriver(reservationId, value),
    onSuccess: () => form.reset(),
  });
  const submit = form.handleSubmit(({ code }) => apply.mutate(code));
  return (
    <Card>
      <h2 className="mb-2 font-semibold">Merchant validation</h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Got a validation code from a shop here? Enter it before you leave: it lowers what you pay at the exit for time past your end.
      </p>
      <form className="flex items-end gap-2" onSubmit={submit}>
        <div className="flex-1">
          <FormField label="Validation code" htmlFor="stay-validation-code" error={form.formState.errors.code}>
            <Input id="stay-validation-code" {...upperCased(form.register('code'))} autoComplete="off" placeholder="ABCDE-23456" />
          </FormField>
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

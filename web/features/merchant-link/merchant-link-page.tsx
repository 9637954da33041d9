import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useWatch } from 'react-hook-form';
import { formatTime } from '../../../core/time';
import { linkValidationFormSchema } from '../../../core/validation-request';
import { AuthCard } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { upperCased, useSchemaForm } from '../../lib/form';
import { merchantLinkQuery, validateOnLink } from '../../lib/validations';

/** The merchant's cashier, on a phone: enter the plate of a customer's car parked at the lot, and its stay is validated. */
export function MerchantLinkPage() {
  const { token } = useParams({ from: '/m/$token' });
  const link = useSuspenseQuery(merchantLinkQuery(token));
  const form = useSchemaForm(linkValidationFormSchema, { by: 'plate' as const, plate: '', passId: '' });
  const [by, plate, passId] = useWatch({ control: form.control, name: ['by', 'plate', 'passId'] });
  const typed = by === 'plate' ? plate : passId;
  const validate = useMutation({
    mutationFn: (car: { plate?: string; passId?: string }) => validateOnLink(token, car),
    onSuccess: () => form.reset({ by: form.getValues('by'), plate: '', passId: '' }),
  });
  const submit = form.handleSubmit((car) => validate.mutate(car));

  return (
    <AuthCard title={`Validate parking for ${link.data.merchantName}`} subtitle={`${link.data.lotName} · ${link.data.worth} per stay`}>
      <form className="space-y-4" onSubmit={submit}>
        <Field label="Find the car by" htmlFor="link-by">
          <Select id="link-by" {...form.register('by')}>
            <option value="plate">Plate number</option>
            <option value="passId">Pass ID (under the customer's QR pass)</option>
          </Select>
        </Field>
        <FormField
          label={by === 'plate' ? "Plate number of the customer's car" : 'Pass ID'}
          htmlFor="link-plate"
          error={form.formState.errors[by]}
        >
          <Input
            key={by}
            id="link-plate"
            {...upperCased(form.register(by))}
            autoComplete="off"
            placeholder={by === 'plate' ? 'ABC 1234' : '1A2B3C4D'}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={validate.isPending || !typed.trim()}>
          {validate.isPending ? 'Validating...' : 'Validate Parking'}
        </Button>
      </form>
      {validate.isSuccess && (
        <p role="status" data-testid="link-validated" className="mt-4 rounded-lg border border-green-600 p-3 text-sm">
          {validate.data.plate} validated: {validate.data.worth} at {formatTime(validate.data.validatedAt)}.
        </p>
      )}
      {validate.isError && (
        <p role="alert" className="mt-4 rounded-lg border border-destructive p-3 text-sm text-destructive">
          {validate.error.message.replace(/^\d+: /, '')}
        </p>
      )}
    </AuthCard>
  );
}

import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { formatTime } from '../../../core/time';
import { AuthCard } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/field';
import { merchantLinkQuery, validateOnLink } from '../../lib/validations';

/** A link that opens nothing (revoked, replaced, mistyped): what the server says of it, in place of the form. */
export const LinkNotWorking = ({ error }: ErrorComponentProps) => (
  <AuthCard title="Link not working" subtitle="Parking validation">
    <p role="alert">{(error instanceof Error ? error.message : String(error)).replace(/^\d+: /, '')}</p>
  </AuthCard>
);

/** The merchant's cashier, on a phone: enter the plate of a customer's car parked at the lot, and its stay is validated. */
export function MerchantLinkPage() {
  const { token } = useParams({ from: '/m/$token' });
  const link = useSuspenseQuery(merchantLinkQuery(token));
  const [by, setBy] = useState<'plate' | 'passId'>('plate');
  const [plate, setPlate] = useState('');
  const validate = useMutation({
    mutationFn: (value: string) => validateOnLink(token, by === 'plate' ? { plate: value } : { passId: value }),
    onSuccess: () => setPlate(''),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (plate.trim()) validate.mutate(plate.trim());
  };

  return (
    <AuthCard title={`Validate parking for ${link.data.merchantName}`} subtitle={`${link.data.lotName} · ${link.data.worth} per stay`}>
      <form className="space-y-4" onSubmit={submit}>
        <Field label="Find the car by" htmlFor="link-by">
          <Select id="link-by" value={by} onChange={(e) => setBy(e.target.value as 'plate' | 'passId')}>
            <option value="plate">Plate number</option>
            <option value="passId">Pass ID (under the customer's QR pass)</option>
          </Select>
        </Field>
        <Field label={by === 'plate' ? "Plate number of the customer's car" : 'Pass ID'} htmlFor="link-plate">
          <Input
            id="link-plate"
            value={plate}
            onChange={(e) => setPlate(e.target.value.toUpperCase())}
            autoComplete="off"
            placeholder={by === 'plate' ? 'ABC 1234' : '1A2B3C4D'}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={validate.isPending || !plate.trim()}>
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

import { useWatch } from 'react-hook-form';
import { formatPeso } from '../../../core/money';
import { GATE_ACTIONS, type GateAction } from '../../../core/gate-desk-input';
import { normalizePlate, VEHICLE_TYPE_LABELS } from '../../../core/vehicles';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { upperCased } from '../../lib/form';
import { PlateLookup } from './plate-lookup';
import type { GateDeskState } from './use-gate-desk';

const ACTION_LABELS: Record<GateAction, string> = { checkin: 'Check-in', checkout: 'Check-out', override: 'Override' };

/** A driver's pay code read by the camera: the check-out is paid from their wallet, at the lot it names. */
function PayCodeNotice({ desk, lotId }: { desk: GateDeskState; lotId: string }) {
  const { payCode, setPayCode } = desk.camera;
  if (!payCode) return null;
  return (
    <p data-testid="pay-code-scanned" className="flex items-center justify-between gap-2 rounded-lg border border-green-600 p-3 text-sm">
      <span>
        <span className="font-semibold">Pay with Parkada</span>, up to {formatPeso(payCode.limitCents)} at {payCode.lotName}.{' '}
        {payCode.lotId === lotId ? (
          "Enter the plate and check out: the driver's wallet pays."
        ) : (
          <span className="font-semibold text-destructive">This code is for another lot: it will be refused here.</span>
        )}
      </span>
      <Button type="button" size="sm" variant="outline" onClick={() => setPayCode(null)}>
        Remove
      </Button>
    </p>
  );
}

/** Manual Entry: a plate (and slot, vehicle, merchant's code) for a car whose pass will not scan. */
export function ManualEntryCard({ desk, lotId, action }: { desk: GateDeskState; lotId: string; action: GateAction }) {
  const { register, formState, control } = desk.form;
  const plate = useWatch({ control, name: 'plate' });
  const { errors } = formState;
  const chooseOnChange = { onChange: (e: { target: { value: string } }) => desk.chooseAction(e.target.value as GateAction) };
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Manual Entry</h2>
      <form className="space-y-4" noValidate onSubmit={desk.processManual}>
        <PayCodeNotice desk={desk} lotId={lotId} />
        <FormField label="Plate Number" htmlFor="gate-plate" error={errors.plate}>
          <Input id="gate-plate" autoComplete="off" placeholder="ABC 1234" {...upperCased(register('plate'))} />
        </FormField>
        <PlateLookup
          lotId={lotId}
          plate={plate}
          now={desk.camera.plateRead?.sure === true && normalizePlate(plate) === desk.camera.plateRead.text}
        />
        {desk.asksVehicle && action !== 'checkout' && (
          <FormField label="Vehicle" htmlFor="gate-vehicle" error={errors.vehicleType}>
            <Select id="gate-vehicle" {...register('vehicleType')}>
              {desk.vehicleTypes.map((type) => (
                <option key={type} value={type}>
                  {VEHICLE_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        <FormField label="Slot Number (optional)" htmlFor="gate-slot" error={errors.slot}>
          <Input id="gate-slot" autoComplete="off" placeholder="A-12" {...upperCased(register('slot'))} />
        </FormField>
        {action === 'checkout' && (
          <FormField
            label="Validation code (optional)"
            htmlFor="gate-validation"
            hint="A merchant's code: it lowers this stay's charge."
            error={errors.validationCode}
          >
            <Input id="gate-validation" autoComplete="off" placeholder="ABCDE-23456" {...upperCased(register('validationCode'))} />
          </FormField>
        )}
        <FormField label="Action" htmlFor="gate-action" error={errors.action}>
          <Select id="gate-action" {...register('action', chooseOnChange)}>
            {GATE_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {ACTION_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" className="flex-1" disabled={desk.pending}>
            {desk.pending ? 'Processing...' : 'Process Entry'}
          </Button>
          <Button type="button" variant="outline" onClick={desk.reset}>
            Clear
          </Button>
        </div>
      </form>
    </Card>
  );
}

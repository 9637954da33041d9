import { Link } from '@tanstack/react-router';
import { ArrowLeft, Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { passIdOf } from '../../../core/booking';
import { MISSING_PLATE, type OverrideReason } from '../../../core/gate';
import { formatPeso } from '../../../core/money';
import { formatDateTime } from '../../../core/time';
import { lotRules } from '../../../core/lot-json';
import { CODE_PATTERN, normalizeCode } from '../../../core/validations';
import { VEHICLE_TYPE_LABELS, type VehicleType } from '../../../core/vehicles';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { useCameraScanner } from './camera-scanner';
import { ConnectionSwitch, SentItems } from './connection-switch';
import type { GateLot } from './gate-api';
import { GateShell } from './gate-shell';
import { OverrideDialog } from './override-dialog';
import { scannedPayCode, type ScannedPass } from './pass-check';
import { RecentActivity } from './recent-activity';
import { useGateActions } from './use-gate-actions';
import { verifyOnDevice } from './use-gate';

export type GateAction = 'checkin' | 'checkout' | 'override';
const ACTIONS: Record<GateAction, string> = { checkin: 'Check-in', checkout: 'Check-out', override: 'Override' };

const missingPlate = () => toast({ title: 'Missing Information', description: MISSING_PLATE, variant: 'destructive' });
const upper = (value: string) => value.toUpperCase();

/** The gate scanner: a camera, manual entry for a pass that will not scan, quick actions and the lot's recent scans. */
export function ScanPage({ initialAction }: { initialAction?: 'checkin' | 'checkout' }) {
  return (
    <GateShell>
      {(lot, picker) => (
        <main className="mx-auto max-w-6xl space-y-6 px-4 py-6">
          <Link to="/attendant" className="inline-flex items-center gap-1 font-medium text-brand">
            <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Dashboard
          </Link>
          <header className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold">Scan &amp; Check-in</h1>
              {picker}
            </div>
            <ConnectionSwitch />
          </header>
          <SentItems />
          <GateDesk key={lot.id} lot={lot} initialAction={initialAction} />
          <RecentActivity lotId={lot.id} title="Recent Scans" limit={10} />
        </main>
      )}
    </GateShell>
  );
}

function GateDesk({ lot, initialAction }: { lot: GateLot; initialAction?: 'checkin' | 'checkout' }) {
  const [action, setAction] = useState<GateAction>(initialAction ?? 'checkin');
  const [plate, setPlate] = useState('');
  const [slot, setSlot] = useState('');
  // A lot that takes more than one kind of vehicle asks which a walk-in is, for a slot of its type.
  const vehicleTypes = (lotRules({ rulesJson: lot.rulesJson ?? null }).vehicleTypes ?? []) as VehicleType[];
  const [vehicleType, setVehicleType] = useState<VehicleType | undefined>(vehicleTypes.length > 1 ? vehicleTypes[0] : undefined);
  const [scanned, setScanned] = useState<ScannedPass | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [overriding, setOverriding] = useState(false);
  /** A driver's "pay with Parkada" code: the check-out it goes with is paid from their wallet (docs/gate.md). */
  const [payCode, setPayCode] = useState<ReturnType<typeof scannedPayCode>>(null);
  /** A merchant's validation code (typed, or its QR scanned): redeemed on the stay just before its check-out. */
  const [validationCode, setValidationCode] = useState('');
  const plateInput = useRef<HTMLInputElement>(null);

  const scanner = useCameraScanner(
    (token) => {
      setRefusal(null);
      if (CODE_PATTERN.test(normalizeCode(token))) {
        setValidationCode(normalizeCode(token));
        setAction('checkout');
        return plateInput.current?.focus();
      }
      const code = scannedPayCode(token);
      if (code) {
        setPayCode(code);
        setAction('checkout');
        return plateInput.current?.focus();
      }
      void verifyOnDevice(token, lot.id, action === 'checkout' ? 'exit' : 'entry').then((check) =>
        check.valid ? setScanned(check.pass) : setRefusal(check.message),
      );
    },
    () => toast({ title: 'Camera Error', description: 'Unable to access camera. Please check permissions.', variant: 'destructive' }),
  );

  /** After a success the form resets, the QR result clears and the camera stops, ready for the next car. */
  const reset = () => {
    setPlate('');
    setSlot('');
    setAction('checkin');
    setScanned(null);
    setRefusal(null);
    setPayCode(null);
    setValidationCode('');
    scanner.stop();
  };
  const { entry, exit, pending } = useGateActions(lot.id, reset);

  const focusForm = (next: GateAction) => {
    setAction(next);
    plateInput.current?.focus();
  };
  useEffect(() => {
    if (initialAction) plateInput.current?.focus();
  }, [initialAction]);

  const chooseAction = (next: GateAction) => {
    setAction(next);
    if (next === 'override') setOverriding(true);
  };

  const processManual = () => {
    if (!plate.trim()) return missingPlate();
    if (action === 'override') return setOverriding(true);
    if (action === 'checkin') entry.mutate({ plate, slot, vehicleType });
    else exit.mutate({ plate, payCode: payCode?.token, validationCode: validationCode.trim() || undefined });
  };

  const confirmOverride = (reason: OverrideReason) => {
    if (!plate.trim()) return missingPlate();
    entry.mutate(
      { plate, slot, vehicleType, override: { override: true, overrideReason: reason } },
      { onSettled: () => setOverriding(false) },
    );
  };

  const lostTicket = () => {
    if (!plate.trim()) return missingPlate();
    exit.mutate({ plate, lostTicket: true });
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="mb-4 text-lg font-semibold">QR Scanner</h2>
        <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-900">
          <video ref={scanner.videoRef} muted playsInline aria-label="Camera view" className="h-full w-full object-cover" />
          {scanner.state !== 'on' && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-slate-200">
              <CameraOff aria-hidden className="h-10 w-10" />
              <span>{scanner.state === 'starting' ? 'Starting camera…' : 'Camera is off'}</span>
            </div>
          )}
        </div>
        <Button
          className="mt-4 w-full"
          variant={scanner.state === 'off' ? 'primary' : 'outline'}
          onClick={() => (scanner.state === 'off' ? void scanner.start() : scanner.stop())}
        >
          <Camera aria-hidden className="h-4 w-4" />
          {scanner.state === 'off' ? 'Start Scanning' : 'Stop Scanning'}
        </Button>
        {refusal && (
          <p role="alert" data-testid="pass-refused" className="mt-4 rounded-lg border border-destructive p-3 text-sm text-destructive">
            {refusal}
          </p>
        )}
        {scanned && (
          <div data-testid="scanned-pass" className="mt-4 space-y-3 rounded-lg border border-green-600 p-4">
            <p className="font-semibold text-green-700 dark:text-green-400">Valid pass</p>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-muted-foreground">Plate</dt>
              <dd className="font-medium">{scanned.plate}</dd>
              <dt className="text-muted-foreground">{scanned.monthly ? 'Monthly pass' : 'Reservation'}</dt>
              <dd className="font-medium" title={scanned.reservationId}>
                {passIdOf(scanned.reservationId)}
                {scanned.monthly && <span className="block text-xs text-muted-foreground">{scanned.monthly.hours}</span>}
              </dd>
              <dt className="text-muted-foreground">Valid until</dt>
              <dd className="font-medium">{formatDateTime(scanned.validUntil)}</dd>
              {scanned.slot && (
                <>
                  <dt className="text-muted-foreground">Slot</dt>
                  <dd className="font-medium">{scanned.slot}</dd>
                </>
              )}
            </dl>
            <Button
              className="w-full"
              disabled={pending}
              onClick={() =>
                action === 'checkout'
                  ? exit.mutate({ pass: scanned, validationCode: validationCode.trim() || undefined })
                  : entry.mutate({ pass: scanned })
              }
            >
              {pending ? 'Processing...' : action === 'checkout' ? 'Process Exit' : 'Process Entry'}
            </Button>
          </div>
        )}
      </Card>
      <div className="space-y-6">
        <Card>
          <h2 className="mb-4 text-lg font-semibold">Manual Entry</h2>
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              processManual();
            }}
          >
            {payCode && (
              <p
                data-testid="pay-code-scanned"
                className="flex items-center justify-between gap-2 rounded-lg border border-green-600 p-3 text-sm"
              >
                <span>
                  <span className="font-semibold">Pay with Parkada</span>, up to {formatPeso(payCode.limitCents)} at {payCode.lotName}.{' '}
                  {payCode.lotId === lot.id ? (
                    "Enter the plate and check out: the driver's wallet pays."
                  ) : (
                    <span className="font-semibold text-destructive">This code is for another lot: it will be refused here.</span>
                  )}
                </span>
                <Button type="button" size="sm" variant="outline" onClick={() => setPayCode(null)}>
                  Remove
                </Button>
              </p>
            )}
            <Field label="Plate Number" htmlFor="gate-plate">
              <Input
                id="gate-plate"
                ref={plateInput}
                value={plate}
                onChange={(e) => setPlate(upper(e.target.value))}
                autoComplete="off"
                placeholder="ABC 1234"
              />
            </Field>
            {vehicleType && action !== 'checkout' && (
              <Field label="Vehicle" htmlFor="gate-vehicle">
                <Select id="gate-vehicle" value={vehicleType} onChange={(e) => setVehicleType(e.target.value as VehicleType)}>
                  {vehicleTypes.map((type) => (
                    <option key={type} value={type}>
                      {VEHICLE_TYPE_LABELS[type]}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Field label="Slot Number (optional)" htmlFor="gate-slot">
              <Input id="gate-slot" value={slot} onChange={(e) => setSlot(upper(e.target.value))} autoComplete="off" placeholder="A-12" />
            </Field>
            {action === 'checkout' && (
              <Field label="Validation code (optional)" htmlFor="gate-validation" hint="A merchant's code: it lowers this stay's charge.">
                <Input
                  id="gate-validation"
                  value={validationCode}
                  onChange={(e) => setValidationCode(e.target.value.toUpperCase())}
                  autoComplete="off"
                  placeholder="ABCDE-23456"
                />
              </Field>
            )}
            <Field label="Action" htmlFor="gate-action">
              <Select id="gate-action" value={action} onChange={(e) => chooseAction(e.target.value as GateAction)}>
                {Object.entries(ACTIONS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="flex gap-2">
              <Button type="submit" className="flex-1" disabled={pending}>
                {pending ? 'Processing...' : 'Process Entry'}
              </Button>
              <Button type="button" variant="outline" onClick={reset}>
                Clear
              </Button>
            </div>
          </form>
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">Quick Actions</h2>
          <div className="grid grid-cols-2 gap-2 [&>button]:h-auto [&>button]:min-h-10 [&>button]:whitespace-normal [&>button]:py-2">
            <Button variant="outline" onClick={() => focusForm('checkin')}>
              Quick Check-in
            </Button>
            <Button variant="outline" onClick={() => focusForm('checkout')}>
              Quick Check-out
            </Button>
            <Button variant="outline" onClick={() => chooseAction('override')}>
              Emergency Override
            </Button>
            <Button variant="outline" disabled={pending} onClick={lostTicket}>
              Lost Ticket
            </Button>
          </div>
        </Card>
      </div>
      <OverrideDialog open={overriding} onOpenChange={setOverriding} onConfirm={confirmOverride} pending={entry.isPending} />
    </div>
  );
}

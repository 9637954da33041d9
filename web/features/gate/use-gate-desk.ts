import { useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { OverrideReason, PlateRead } from '../../../core/gate';
import { manualEntrySchema, type GateAction, type ManualEntry, type ManualEntryValues } from '../../../core/gate-desk-input';
import { lotRules } from '../../../core/lot-json';
import { CODE_PATTERN, normalizeCode } from '../../../core/validations';
import { normalizePlate, type VehicleType } from '../../../core/vehicles';
import { toast } from '../../components/ui/toast-store';
import { toastFirstProblem, useSchemaForm } from '../../lib/form';
import { useCameraScanner } from './camera-scanner';
import type { GateLot } from './gate-api';
import { scannedPayCode, type ScannedPass } from './pass-check';
import { useGateActions } from './use-gate-actions';
import { usePlateCamera, type PlateSighting } from './use-plate-camera';
import { verifyOnDevice } from './use-gate';

/** A missing plate is "Missing Information", as the spec words it; any other problem is the entry's. */
const sayProblem = (errors: FieldErrors<ManualEntryValues>) =>
  toastFirstProblem(errors.plate ? 'Missing Information' : 'Check the entry')(errors);

/** What a scanned code is: a merchant's validation code, a driver's pay code, or a pass to check on the device. */
function useDeskScanner(
  lotId: string,
  desk: { chooseAction: (action: GateAction) => void; form: ReturnType<typeof useManualEntry>['form'] },
) {
  const [scanned, setScanned] = useState<ScannedPass | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** A driver's "pay with Parkada" code: the check-out it goes with is paid from their wallet (docs/gate.md). */
  const [payCode, setPayCode] = useState<ReturnType<typeof scannedPayCode>>(null);
  const checkOutWith = (then: () => void) => {
    desk.chooseAction('checkout');
    then();
    desk.form.setFocus('plate');
  };
  const scanner = useCameraScanner(
    (token) => {
      setRefusal(null);
      const code = normalizeCode(token);
      if (CODE_PATTERN.test(code)) return checkOutWith(() => desk.form.setValue('validationCode', code));
      const payment = scannedPayCode(token);
      if (payment) return checkOutWith(() => setPayCode(payment));
      const direction = desk.form.getValues('action') === 'checkout' ? 'exit' : 'entry';
      void verifyOnDevice(token, lotId, direction).then((check) => (check.valid ? setScanned(check.pass) : setRefusal(check.message)));
    },
    () => toast({ title: 'Camera Error', description: 'Unable to access camera. Please check permissions.', variant: 'destructive' }),
  );
  const plates = usePlateSightings(scanner, desk.form);
  const clear = () => {
    setScanned(null);
    setRefusal(null);
    setPayCode(null);
    plates.forget();
    scanner.stop();
  };
  return { scanner, scanned, refusal, payCode, setPayCode, plateRead: plates.read, plateReadOf: plates.readOf, clear };
}

/**
 * The camera's plate reads fill Plate Number while the attendant has not typed over them; a sure read
 * stops the camera, and its booking is looked up at once (plate-lookup.tsx). A read never lets a car
 * in or out by itself: the attendant presses the button.
 */
function usePlateSightings(scanner: ReturnType<typeof useCameraScanner>, form: ReturnType<typeof useManualEntry>['form']) {
  const [read, setRead] = useState<PlateSighting | null>(null);
  usePlateCamera(scanner.videoRef, scanner.state === 'on', (next) => {
    const typed = normalizePlate(form.getValues('plate') ?? '');
    if (typed && typed !== read?.text) return next.crop.close();
    read?.crop.close();
    setRead(next);
    form.setValue('plate', next.text, { shouldValidate: true });
    if (next.sure) scanner.stop();
  });
  return {
    read,
    forget: () => {
      read?.crop.close();
      setRead(null);
    },
    /** What goes with a check-in of `plate`: the read, and whether the attendant changed it. */
    readOf: (plate: string): PlateRead | undefined =>
      read
        ? { text: read.text, confidence: Math.round(read.confidence * 1000) / 1000, corrected: normalizePlate(plate) !== read.text }
        : undefined,
  };
}

function useManualEntry(lot: GateLot, initialAction?: 'checkin' | 'checkout') {
  // A lot that takes more than one kind of vehicle asks which a walk-in is, for a slot of its type.
  const vehicleTypes = (lotRules({ rulesJson: lot.rulesJson ?? null }).vehicleTypes ?? []) as VehicleType[];
  const blank: ManualEntryValues = {
    action: 'checkin',
    plate: '',
    slot: '',
    vehicleType: vehicleTypes.length > 1 ? vehicleTypes[0] : undefined,
    validationCode: '',
  };
  const form = useSchemaForm(manualEntrySchema, { ...blank, action: initialAction ?? 'checkin' });
  return { form, blank, vehicleTypes };
}

/** The gate desk's state: the manual entry, the camera and what it read, the override dialog, and what each button does. */
export function useGateDesk(lot: GateLot, initialAction?: 'checkin' | 'checkout') {
  const { form, blank, vehicleTypes } = useManualEntry(lot, initialAction);
  const [overriding, setOverriding] = useState(false);
  const chooseAction = (next: GateAction) => {
    form.setValue('action', next);
    if (next === 'override') setOverriding(true);
  };
  const camera = useDeskScanner(lot.id, { chooseAction, form });
  /** After a success the form resets, the QR result clears and the camera stops, ready for the next car. */
  const reset = () => {
    form.reset(blank);
    camera.clear();
  };
  const { entry, exit, pending } = useGateActions(lot.id, reset);
  useEffect(() => {
    if (initialAction) form.setFocus('plate');
  }, [initialAction, form.setFocus]);

  const withEntry = (then: (entry: ManualEntry) => void) => form.handleSubmit(then, sayProblem);
  const processManual = withEntry(({ action, plate, slot, vehicleType, validationCode }) => {
    if (action === 'override') return setOverriding(true);
    if (action === 'checkin') entry.mutate({ plate, slot, vehicleType, plateRead: camera.plateReadOf(plate) });
    else exit.mutate({ plate, payCode: camera.payCode?.token, validationCode });
  });
  const confirmOverride = (reason: OverrideReason) =>
    withEntry(({ plate, slot, vehicleType }) =>
      entry.mutate(
        { plate, slot, vehicleType, plateRead: camera.plateReadOf(plate), override: { override: true, overrideReason: reason } },
        { onSettled: () => setOverriding(false) },
      ),
    )();
  const lostTicket = withEntry(({ plate }) => exit.mutate({ plate, lostTicket: true }));
  const focusForm = (next: GateAction) => {
    form.setValue('action', next);
    form.setFocus('plate');
  };
  const processScanned = (pass: ScannedPass) =>
    form.getValues('action') === 'checkout'
      ? exit.mutate({ pass, validationCode: form.getValues('validationCode')?.trim() || undefined })
      : entry.mutate({ pass });
  return {
    form,
    vehicleTypes,
    asksVehicle: blank.vehicleType !== undefined,
    camera,
    pending,
    entryPending: entry.isPending,
    overriding,
    setOverriding,
    chooseAction,
    reset,
    processManual,
    confirmOverride,
    lostTicket,
    focusForm,
    processScanned,
  };
}
export type GateDeskState = ReturnType<typeof useGateDesk>;

import { Camera, CameraOff } from 'lucide-react';
import { passIdOf } from '../../../core/booking';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { ScannedPass } from './pass-check';
import { PlateReadPanel } from './plate-read-panel';
import type { GateDeskState } from './use-gate-desk';

/** A pass the device found valid: whose it is, until when, and the button that lets the car in or out. */
function ValidPass({ pass, checkout, desk }: { pass: ScannedPass; checkout: boolean; desk: GateDeskState }) {
  return (
    <div data-testid="scanned-pass" className="mt-4 space-y-3 rounded-lg border border-green-600 p-4">
      <p className="font-semibold text-green-700 dark:text-green-400">Valid pass</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">Plate</dt>
        <dd className="font-medium">{pass.plate}</dd>
        <dt className="text-muted-foreground">{pass.monthly ? 'Monthly pass' : 'Reservation'}</dt>
        <dd className="font-medium" title={pass.reservationId}>
          {passIdOf(pass.reservationId)}
          {pass.monthly && <span className="block text-xs text-muted-foreground">{pass.monthly.hours}</span>}
        </dd>
        <dt className="text-muted-foreground">Valid until</dt>
        <dd className="font-medium">{formatDateTime(pass.validUntil)}</dd>
        {pass.slot && (
          <>
            <dt className="text-muted-foreground">Slot</dt>
            <dd className="font-medium">{pass.slot}</dd>
          </>
        )}
      </dl>
      <Button className="w-full" disabled={desk.pending} onClick={() => desk.processScanned(pass)}>
        {desk.pending ? 'Processing...' : checkout ? 'Process Exit' : 'Process Entry'}
      </Button>
    </div>
  );
}

/** The camera, what it last refused, and the pass it read. */
export function ScannerCard({ desk, checkout }: { desk: GateDeskState; checkout: boolean }) {
  const { scanner, refusal, scanned, plateRead } = desk.camera;
  return (
    <Card>
      <h2 className="text-lg font-semibold">QR Scanner</h2>
      <p className="mb-4 text-sm text-muted-foreground">Reads QR passes and codes, and plates.</p>
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
      {plateRead && !scanned && <PlateReadPanel read={plateRead} />}
      {scanned && <ValidPass pass={scanned} checkout={checkout} desk={desk} />}
    </Card>
  );
}

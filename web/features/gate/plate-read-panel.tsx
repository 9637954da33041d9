import { useEffect, useRef } from 'react';
import type { PlateSighting } from './use-plate-camera';

/** The crop of the plate the camera read, drawn on the device: no image of it leaves the phone. */
function PlateCrop({ crop }: { crop: ImageBitmap }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    target.width = crop.width;
    target.height = crop.height;
    target.getContext('2d')?.drawImage(crop, 0, 0);
  }, [crop]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label="The plate as the camera saw it"
      className="h-12 max-w-40 rounded border border-border object-contain"
    />
  );
}

/** What the camera read of a plate, how sure it is, and what the attendant does next. */
export function PlateReadPanel({ read }: { read: PlateSighting }) {
  const percent = Math.round(read.confidence * 100);
  return (
    <div data-testid="plate-read" className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-border p-3 text-sm">
      <PlateCrop crop={read.crop} />
      <div className="min-w-0 flex-1">
        <p>
          Plate read: <span className="font-semibold">{read.text}</span> · {percent}% sure
        </p>
        <p className="text-muted-foreground">
          {read.sure
            ? 'Its booking is looked up in Manual Entry. Check it, then process the entry.'
            : 'Not sure: check Plate Number and correct it if needed, then process the entry.'}
        </p>
      </div>
    </div>
  );
}

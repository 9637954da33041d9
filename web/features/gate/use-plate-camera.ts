/**
 * The gate camera reads plates as well as QR codes (docs/gate.md, Plate recognition): while it is on,
 * a frame goes to the plate reader's Web Worker every half second (a read still running skips the
 * frame), so the camera view never waits. The reader, and the OCR model it loads, start with the
 * first frame the camera shows and stay for the desk's life: the next car's read is quick.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { PLATE_READ_THRESHOLD } from '../../../core/plate-read';
import { createVideoPlateReader } from './plate-reader/plate-reader';

/** A read: its plate, how sure the reader is (`sure`: at or above the threshold), and the crop it read. */
export type PlateSighting = { text: string; confidence: number; sure: boolean; crop: ImageBitmap };

const READ_EVERY_MS = 500;

export function usePlateCamera(video: RefObject<HTMLVideoElement | null>, on: boolean, onRead: (read: PlateSighting) => void) {
  const reader = useRef<ReturnType<typeof createVideoPlateReader> | null>(null);
  const callback = useRef(onRead);
  callback.current = onRead;
  useEffect(() => () => reader.current?.close(), []);
  useEffect(() => {
    if (!on) return;
    reader.current ??= createVideoPlateReader();
    const videoReader = reader.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const look = async () => {
      const read = video.current ? await videoReader.read(video.current).catch(() => null) : null;
      if (stopped) return read?.crop.close();
      if (read) callback.current({ ...read, sure: read.confidence >= PLATE_READ_THRESHOLD });
      timer = setTimeout(look, READ_EVERY_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [on, video]);
}

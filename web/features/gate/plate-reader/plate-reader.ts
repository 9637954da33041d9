/**
 * The gate's plate reader (docs/gate.md, Plate recognition): one camera frame in, the best plate
 * read out (or null), computed in a Web Worker. The worker, and the OCR model it loads, are fetched
 * only when a reader is first asked to read, so no other screen carries them.
 */
import type { PlateAnswer, PlateRequest } from './plate-worker';

export type PlateReading = { text: string; confidence: number; crop: ImageBitmap };

export type PlateReader = {
  /** Reads one frame; the frame is handed to the worker (transferred), so it is not usable after. */
  read(frame: ImageBitmap): Promise<PlateReading | null>;
  close(): void;
};

/**
 * A read answers within this, or is given up: the worker is stopped (a hung OCR stays hung) and
 * started afresh for the next frame. Until the OCR has loaded (6.8 MB to fetch and compile, a minute
 * or more on a slow connection) a read may take the longer time, or the model would never arrive.
 */
const READ_TIMEOUT_MS = 6000;
const LOADING_TIMEOUT_MS = 180_000;

export function createPlateReader(): PlateReader {
  let worker: Worker | undefined;
  /** The worker's OCR has loaded: its reads are quick from now on. */
  let loaded = false;
  let nextId = 0;
  const pending = new Map<number, { resolve: (read: PlateReading | null) => void; reject: (error: Error) => void }>();
  const stop = (error: Error) => {
    worker?.terminate();
    worker = undefined;
    loaded = false;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  const start = () => {
    const started = new Worker(new URL('./plate-worker.ts', import.meta.url), { type: 'module', name: 'plate-reader' });
    started.onmessage = ({ data }: MessageEvent<PlateAnswer>) => {
      if ('loaded' in data) {
        loaded = true;
        return;
      }
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if ('error' in data) waiting?.reject(new Error(data.error));
      else waiting?.resolve(data.read);
    };
    started.onerror = (event) => {
      event.preventDefault();
      stop(new Error(`The plate reader stopped: ${event.message || 'its worker failed to load'}`));
    };
    return started;
  };
  return {
    read(frame) {
      worker ??= start();
      const id = nextId++;
      const answer = new Promise<PlateReading | null>((resolve, reject) => pending.set(id, { resolve, reject }));
      const timer = setTimeout(
        () => pending.has(id) && stop(new Error('The plate reader took too long')),
        loaded ? READ_TIMEOUT_MS : LOADING_TIMEOUT_MS,
      );
      worker.postMessage({ id, frame } satisfies PlateRequest, [frame]);
      return answer.finally(() => clearTimeout(timer));
    },
    close() {
      worker?.terminate();
      worker = undefined;
      loaded = false;
      for (const waiting of pending.values()) waiting.resolve(null);
      pending.clear();
    },
  };
}

/**
 * For the scan page's camera loop: reads the video's current frame unless a read is still running
 * (answers null then at once), so a slow read skips frames instead of queueing them.
 */
export function createVideoPlateReader(reader: PlateReader = createPlateReader()) {
  let busy = false;
  return {
    async read(video: HTMLVideoElement): Promise<PlateReading | null> {
      if (busy || !video.videoWidth) return null;
      busy = true;
      try {
        return await reader.read(await createImageBitmap(video));
      } finally {
        busy = false;
      }
    },
    close: () => reader.close(),
  };
}

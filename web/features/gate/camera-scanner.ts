/**
 * The gate's QR scanner: the rear camera, read a few times a second until a code appears. The
 * browser's BarcodeDetector decodes where it exists; elsewhere jsQR (bundled, so the app serves it
 * itself and it works offline) reads the frame drawn on a canvas. The camera is released on Stop, on
 * a successful read and when the screen goes away.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

/** BarcodeDetector is not in TypeScript's DOM library yet. */
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
};

async function createDecoder(): Promise<Decode> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    return jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

const READ_EVERY_MS = 200;

export type ScannerState = 'off' | 'starting' | 'on';

export function useCameraScanner(onCode: (code: string) => void, onCameraError: () => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [state, setState] = useState<ScannerState>('off');
  const callbacks = useRef({ onCode, onCameraError });
  callbacks.current = { onCode, onCameraError };

  /** Bumped by every stop, so a camera that opens after the screen stopped it (or left) is closed at once. */
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    clearTimeout(timer.current);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('off');
  }, []);

  const start = useCallback(async () => {
    if (stream.current) return;
    const current = generation.current;
    setState('starting');
    try {
      const [media, decode] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        createDecoder(),
      ]);
      if (current !== generation.current) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream.current = media;
      const video = videoRef.current!;
      video.srcObject = media;
      await video.play();
      setState('on');
      const read = async () => {
        if (!stream.current) return;
        const code = await decode(video).catch(() => null);
        if (!stream.current) return;
        if (code) {
          stop();
          callbacks.current.onCode(code);
        } else {
          timer.current = setTimeout(read, READ_EVERY_MS);
        }
      };
      void read();
    } catch {
      if (current !== generation.current) return;
      stop();
      callbacks.current.onCameraError();
    }
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { videoRef, state, start, stop };
}

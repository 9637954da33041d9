/// <reference lib="webworker" />
/**
 * The plate reader's Web Worker: finds the plates in a frame, reads each until one is sure, and
 * answers the best read with its crop. The OCR loads on the first frame, not before; the camera
 * view never waits on any of it.
 */
import { PLATE_READ_THRESHOLD, readPlate } from '../../../../core/plate-read';
import { createOcrEngine } from './ocr-engine';
import { findPlates } from './plate-locator';

export type PlateRequest = { id: number; frame: ImageBitmap };
export type PlateAnswer =
  | { id: number; read: { text: string; confidence: number; crop: ImageBitmap } | null }
  | { id: number; error: string };

declare const self: DedicatedWorkerGlobalScope;

let engine: ReturnType<typeof createOcrEngine> | undefined;

async function readFrame(frame: ImageBitmap) {
  engine ??= createOcrEngine();
  const ocr = await engine;
  let best: { text: string; confidence: number; crop: OffscreenCanvas } | null = null;
  for (const candidate of findPlates(frame)) {
    const line = await ocr.read(candidate.line);
    const read = readPlate(line.text, line.confidences);
    if (read && read.confidence > (best?.confidence ?? -1)) best = { ...read, crop: candidate.crop };
    if (best && best.confidence >= PLATE_READ_THRESHOLD) break;
  }
  return best && { text: best.text, confidence: best.confidence, crop: best.crop.transferToImageBitmap() };
}

self.onmessage = async ({ data: { id, frame } }: MessageEvent<PlateRequest>) => {
  try {
    const read = await readFrame(frame);
    self.postMessage({ id, read } satisfies PlateAnswer, read ? [read.crop] : []);
  } catch (error) {
    self.postMessage({ id, error: String(error) } satisfies PlateAnswer);
  } finally {
    frame.close();
  }
};

/// <reference lib="webworker" />
/**
 * The plate reader's Web Worker: finds the plates in a frame, reads each candidate line, and answers
 * the plate the reads agree on with its crop. The OCR loads on the first frame that shows a plate, not
 * before; the camera view never waits on any of it.
 */
import { readPlate } from '../../../../core/plate-read';
import { createOcrEngine } from './ocr-engine';
import { findPlates, type PlateCandidate } from './plate-locator';

export type PlateRequest = { id: number; frame: ImageBitmap };
export type PlateAnswer =
  | { id: number; read: { text: string; confidence: number; crop: ImageBitmap } | null }
  | { id: number; error: string }
  /** Said once, when the OCR has loaded: reads are quick from then on. */
  | { loaded: true };

declare const self: DedicatedWorkerGlobalScope;

/** Candidate lines read a frame, tallest glyphs first: the same plate found at two scales is two independent reads. */
const MAX_READS = 4;
/** A plate read once, by one cut, is less sure than one that two cuts agree on. */
const SINGLE_READ_ODDS = 0.8;

let engine: ReturnType<typeof createOcrEngine> | undefined;

type Read = { text: string; confidence: number; crop: OffscreenCanvas };

/** The plate most reads support (by their summed confidence), as sure as its best read, its share of support and its agreement. */
function agreed(reads: Read[]): Read | null {
  const support = new Map<string, { total: number; count: number; best: Read }>();
  for (const read of reads) {
    const known = support.get(read.text);
    const best = known && known.best.confidence >= read.confidence ? known.best : read;
    support.set(read.text, { total: (known?.total ?? 0) + read.confidence, count: (known?.count ?? 0) + 1, best });
  }
  const ranked = [...support.values()].sort((a, b) => b.total - a.total);
  if (ranked.length === 0 || ranked[0].total === 0) return ranked[0]?.best ?? null;
  const all = ranked.reduce((sum, { total }) => sum + total, 0);
  const [{ total, count, best }] = ranked;
  return { ...best, confidence: best.confidence * (total / all) * (count > 1 ? 1 : SINGLE_READ_ODDS) };
}

async function readCandidate(ocr: Awaited<ReturnType<typeof createOcrEngine>>, candidate: PlateCandidate): Promise<Read | null> {
  const line = await ocr.read(candidate.line);
  const read = readPlate(line.text, line.confidences, candidate.glyphs);
  return read && { ...read, crop: candidate.crop };
}

/** The OCR, started on first use; one that failed to start is started again on the next frame. */
function startedEngine() {
  engine ??= createOcrEngine().then(
    (started) => {
      self.postMessage({ loaded: true } satisfies PlateAnswer);
      return started;
    },
    (error: unknown) => {
      engine = undefined;
      throw error;
    },
  );
  return engine;
}

async function readFrame(frame: ImageBitmap) {
  const candidates = findPlates(frame).slice(0, MAX_READS);
  // The OCR (about 6.8 MB to fetch and compile) starts only once a frame shows something like a plate:
  // a gate that only scans QR passes never loads it.
  if (candidates.length === 0) return null;
  const ocr = await startedEngine();
  const reads: Read[] = [];
  for (const candidate of candidates) {
    const read = await readCandidate(ocr, candidate);
    if (read) reads.push(read);
  }
  const best = agreed(reads);
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

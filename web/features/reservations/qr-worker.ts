/**
 * Makes a QR code off the main thread: encoding a signed token and choosing the code's mask takes a
 * phone long enough to hold up the screen (docs/performance.md). Answers each request, by its id, with
 * the modules, one byte each (1 = dark), row by row, and their count a side.
 */
import { makeModules, type QrModules } from './qr-modules';

export type QrRequest = { id: number; text: string };
export type QrAnswer = { id: number } & (QrModules | { error: string });

addEventListener('message', (event: MessageEvent<QrRequest>) => {
  const { id, text } = event.data;
  let answer: QrAnswer;
  try {
    answer = { id, ...makeModules(text) };
  } catch (error) {
    answer = { id, error: String(error) };
  }
  (self as unknown as Worker).postMessage(answer);
});

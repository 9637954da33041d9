/**
 * Tesseract (LSTM, English) reading one line of plate glyphs. Everything it loads is the app's own
 * file, named here as Vite asset URLs: without them tesseract.js would fetch its worker, wasm core and
 * model from a CDN. The core is the SIMD build (every browser the gate supports has wasm SIMD).
 */
import { createWorker, OEM, PSM } from 'tesseract.js';
import coreUrl from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url';
import workerUrl from 'tesseract.js/dist/worker.min.js?url';
import modelUrl from '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url';

export type OcrLine = { text: string; confidences: number[] };

const PLATE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export async function createOcrEngine() {
  const worker = await createWorker(
    'eng',
    OEM.LSTM_ONLY,
    {
      workerPath: workerUrl,
      corePath: coreUrl,
      // Tesseract asks for `${langPath}/eng.traineddata.gz`; ending the path with "?" makes that the
      // model's own hashed URL, the rest a query string the server ignores.
      langPath: `${modelUrl}?`,
      // The service worker caches the model's URL; tesseract's own IndexedDB copy would be a second one.
      cacheMethod: 'none',
      // A blob: worker would need `worker-src blob:` in the CSP; the file itself is ours.
      workerBlobURL: false,
    },
    {
      // Plates are not words: no dictionary pulls "0" towards "O".
      load_system_dawg: '0',
      load_freq_dawg: '0',
    },
  );
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, tessedit_char_whitelist: PLATE_CHARACTERS });
  return {
    async read(line: OffscreenCanvas): Promise<OcrLine> {
      const { data } = await worker.recognize(line, {}, { text: true, blocks: true });
      const symbols = (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((row) => row.words.flatMap((word) => word.symbols))),
      );
      return { text: symbols.map((symbol) => symbol.text).join(''), confidences: symbols.map((symbol) => symbol.confidence / 100) };
    },
    close: () => worker.terminate(),
  };
}

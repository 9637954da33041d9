/**
 * The plate reader's files in the build (its worker, tesseract's worker, wasm core and English
 * model, about 6 MB): kept out of the service worker's precache, which every visitor downloads, and
 * cached by it on first use instead, so only gate phones fetch them and then read plates offline.
 */
export const PLATE_MODEL_FILES = /\/assets\/(plate-worker|worker\.min|tesseract-core-[\w-]+\.wasm|eng\.traineddata)-[\w-]+\.(js|gz)$/;

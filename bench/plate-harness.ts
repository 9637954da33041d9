/** The page of `npm run bench:plates`: the gate's plate reader alone, as `window.plateReader`. */
import { createPlateReader } from '../web/features/gate/plate-reader/plate-reader';

(window as unknown as { plateReader: ReturnType<typeof createPlateReader> }).plateReader = createPlateReader();

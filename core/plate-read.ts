/**
 * A camera's read of a plate (docs/gate.md, Plate recognition): the OCR's raw text, with its
 * per-character confidences, turned into the Philippine plate it most likely is. OCR confuses letters
 * and digits that look alike (O/0, I/1, B/8…); a plate's format says which of the two each position
 * holds, so a read is fitted to every format of core/vehicles.ts, each fit weighed by how common its
 * format is and by what it had to correct, and the confidence is the best fit's share of them all.
 */
import { isPhilippinePlate, normalizePlate } from './vehicles';

/**
 * A read at or above this confidence looks up the plate's booking at once; below it, the read only
 * fills the field for the attendant to confirm. Chosen from `npm run bench:plates`'s table (docs/performance.md,
 * Plate recognition): the lowest threshold with no wrong read above it on two draws of 400 plates
 * (seeds 1 and 11; 0.75 let 2 of 327 through on seed 1), and still about three quarters of all reads above it.
 */
export const PLATE_READ_THRESHOLD = 0.8;

/**
 * L: a letter, D: a digit, X: either (the later characters of a conduction sticker), each with how
 * common it is among the plates at a gate: the 2014 car series by far, then the older car plates,
 * motorcycles, conduction stickers on new cars, and the old digits-first motorcycle series.
 */
const FORMATS: Record<string, number> = {
  LLLDDDD: 0.8,
  LLLDDD: 0.1,
  LLDDDDD: 0.03,
  LLDDDD: 0.02,
  LDXXXX: 0.02,
  DDDDLL: 0.005,
  DDDDLLL: 0.005,
  DDDLL: 0.005,
  DDDLLL: 0.005,
};

/** What a letter is read as when the position holds a digit, and the reverse. */
const AS_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', G: '6', B: '8', A: '4' };
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B', '4': 'A', '7': 'T' };

/** How likely the OCR read a character as its look-alike of the other kind. */
const CORRECTION_ODDS = 0.25;
/** How likely a character read at either end is not on the plate at all (a bolt, the frame's edge read as "I"). */
const EXTRA_ODDS = 0.2;
/** How likely the OCR read one glyph twice, as itself and its look-alike ("O0", "A4", "55"). */
const DOUBLE_ODDS = 0.5;
/** How likely a plate has another length than the glyphs the camera counted on it. */
const MISCOUNT_ODDS = 0.3;

const lookAlike = (a: string, b: string) => a === b || AS_DIGIT[a] === b || AS_LETTER[a] === b;

/** The plate a read most likely is, and how sure that is (0–1). */
type PlateGuess = { text: string; confidence: number };

/** One way of reading the characters as a plate, and its weight: the format's share times the odds of the read. */
type Fit = { text: string; weight: number; least: number };

function fitFormat(chars: string, confidences: readonly number[], format: string): Fit | null {
  let [text, weight, least] = ['', FORMATS[format], 1];
  for (const [index, kind] of [...format].entries()) {
    const char = chars[index];
    const isDigit = char >= '0' && char <= '9';
    const wanted = kind === 'X' || (kind === 'D') === isDigit ? char : (kind === 'D' ? AS_DIGIT : AS_LETTER)[char];
    if (!wanted) return null;
    const confidence = confidences[index] ?? 1;
    weight *= wanted === char ? confidence : confidence * CORRECTION_ODDS;
    least = Math.min(least, confidence);
    text += wanted;
  }
  return { text: normalizePlate(text), weight, least };
}

/** The read, and the read without one character: a stray at either end, or one of a doubled glyph. */
function trims(chars: string, confidences: readonly number[]) {
  const without = (index: number, odds: number) => ({
    chars: chars.slice(0, index) + chars.slice(index + 1),
    confidences: [...confidences.slice(0, index), ...confidences.slice(index + 1)],
    odds,
  });
  const doubled = [...chars].flatMap((char, index) =>
    index > 0 && lookAlike(chars[index - 1], char) ? [without(index - 1, DOUBLE_ODDS), without(index, DOUBLE_ODDS)] : [],
  );
  return [{ chars, confidences, odds: 1 }, without(0, EXTRA_ODDS), without(chars.length - 1, EXTRA_ODDS), ...doubled];
}

/** Every way the read can be a plate, weighed; `glyphs`, when known, is how many characters the camera saw. */
function fits(chars: string, confidences: readonly number[], glyphs?: number): Fit[] {
  return trims(chars, confidences).flatMap((trim) =>
    Object.keys(FORMATS)
      .filter((format) => format.length === trim.chars.length)
      .map((format) => fitFormat(trim.chars, trim.confidences, format))
      .filter((fit): fit is Fit => fit !== null && isPhilippinePlate(fit.text))
      .map((fit) => ({
        ...fit,
        weight: fit.weight * trim.odds * (glyphs === undefined || glyphs === trim.chars.length ? 1 : MISCOUNT_ODDS),
      })),
  );
}

/**
 * The best plate in an OCR read, or null when none fits. `confidences` (0..1) belong to the read's
 * letters and digits in order, other characters (spaces, dashes) having none; without them, each
 * counts as sure; `glyphs` is how many the camera counted, when it did. The confidence is the plate's share of the weight of every fit, times the
 * least sure of its characters: a read that fits one plate only, every character sure, is 1.
 */
export function readPlate(raw: string, confidences: readonly number[] = [], glyphs?: number): PlateGuess | null {
  const chars = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const weights = new Map<string, { weight: number; least: number }>();
  for (const fit of fits(chars, confidences, glyphs)) {
    const known = weights.get(fit.text);
    weights.set(fit.text, { weight: (known?.weight ?? 0) + fit.weight, least: Math.max(known?.least ?? 0, fit.least) });
  }
  const ranked = [...weights].sort(([, a], [, b]) => b.weight - a.weight);
  if (ranked.length === 0) return null;
  const total = ranked.reduce((sum, [, { weight }]) => sum + weight, 0);
  const [text, { weight, least }] = ranked[0];
  return { text, confidence: (weight / total) * least };
}

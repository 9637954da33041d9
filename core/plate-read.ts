/**
 * A camera's read of a plate (docs/gate.md, Plate recognition): the OCR's raw text, with its
 * per-character confidences, turned into the Philippine plate it most likely is. OCR confuses letters
 * and digits that look alike (O/0, I/1, B/8…); a plate's format says which of the two each position
 * holds, so a read is corrected by the formats of core/vehicles.ts, and each correction costs confidence.
 */
import { isPhilippinePlate, normalizePlate } from './vehicles';

/**
 * A read at or above this confidence looks up the plate's booking at once; below it, the read only
 * fills the field for the attendant to confirm. Chosen by `npm run bench:plates` so that at most 1%
 * of the reads above it are wrong (docs/performance.md, Plate recognition).
 */
export const PLATE_READ_THRESHOLD = 0.75;

/** L: a letter, D: a digit, X: either (the later characters of a six-character conduction sticker). */
const FORMATS = ['LLLDDDD', 'LLLDDD', 'LLDDDDD', 'LLDDDD', 'DDDDLL', 'DDDDLLL', 'DDDLL', 'DDDLLL', 'LDXXXX'];

/** What a letter is read as when the position holds a digit, and the reverse. */
const AS_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', G: '6', B: '8', A: '4' };
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B', '4': 'A', '7': 'T' };

/** A corrected character keeps this share of the confidence the OCR gave it. */
const CORRECTION_COST = 0.8;
/** A character more than a format holds (a bolt, the plate's frame read as "I") costs this share. */
const EXTRA_COST = 0.85;
/**
 * How much rarer than a car's plate a format is, in corrections: a conduction sticker fits almost any
 * read of its length (its later characters may be letters or digits), and the old motorcycle series
 * (digits first) fit stray reads of a bumper's edges.
 */
const RARITY: Record<string, number> = { LDXXXX: 2, DDDDLL: 1, DDDDLLL: 1, DDDLL: 1, DDDLLL: 1 };
/** Another format fits the read as well, or all of it with one correction more (AB 12345, ABI 2345): a guess between them. */
const AMBIGUITY_COST = 0.5;

/** The plate a read most likely is, and how sure that is (0–1). */
type PlateGuess = { text: string; confidence: number };

type Fit = { text: string; confidence: number; corrections: number; length: number };

function fitFormat(chars: string, confidences: readonly number[], format: string): Fit | null {
  let text = '';
  let confidence = 1;
  let corrections = 0;
  for (const [index, kind] of [...format].entries()) {
    const char = chars[index];
    const isDigit = char >= '0' && char <= '9';
    const wanted = kind === 'X' || (kind === 'D') === isDigit ? char : (kind === 'D' ? AS_DIGIT : AS_LETTER)[char];
    if (!wanted) return null;
    if (wanted !== char) corrections += 1;
    text += wanted;
    confidence = Math.min(confidence, (confidences[index] ?? 1) * (wanted === char ? 1 : CORRECTION_COST));
  }
  const rarity = RARITY[format] ?? 0;
  return {
    text: normalizePlate(text),
    confidence: confidence * CORRECTION_COST ** rarity,
    corrections: corrections + rarity,
    length: format.length,
  };
}

/** Every way the read can be a plate: the whole read, or without one stray character at either end. */
function fits(chars: string, confidences: readonly number[]): Fit[] {
  const trims = [
    { chars, confidences, cost: 1 },
    { chars: chars.slice(1), confidences: confidences.slice(1), cost: EXTRA_COST },
    { chars: chars.slice(0, -1), confidences: confidences.slice(0, -1), cost: EXTRA_COST },
  ];
  return trims.flatMap((trim) =>
    FORMATS.filter((format) => format.length === trim.chars.length)
      .map((format) => fitFormat(trim.chars, trim.confidences, format))
      .filter((fit): fit is Fit => fit !== null && isPhilippinePlate(fit.text))
      .map((fit) => ({ ...fit, confidence: fit.confidence * trim.cost, corrections: fit.corrections + (trim.cost < 1 ? 1 : 0) })),
  );
}

/**
 * The best plate in an OCR read, or null when none fits. `confidences` (0..1) belong to the read's
 * letters and digits in order, other characters (spaces, dashes) having none; without them, each counts as sure.
 */
export function readPlate(raw: string, confidences: readonly number[] = []): PlateGuess | null {
  const chars = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const ranked = fits(chars, confidences).sort((a, b) => a.corrections - b.corrections || b.confidence - a.confidence);
  const [best, next] = ranked;
  if (!best) return null;
  const ambiguous =
    next !== undefined &&
    next.text !== best.text &&
    (next.corrections === best.corrections || (next.length === best.length && next.corrections === best.corrections + 1));
  return { text: best.text, confidence: best.confidence * (ambiguous ? AMBIGUITY_COST : 1) };
}

/**
 * Amounts are integer centavos everywhere; this is the one place that turns them into pesos for
 * people: "₱1,234.50", "-₱20.00", as Intl writes pesos for the Philippines. Written out rather than
 * with Intl, which costs a phone tens of milliseconds to build a currency formatter (docs/performance.md).
 */
export function formatPeso(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 || Object.is(whole, -0) ? '-' : '';
  const abs = Math.abs(whole);
  const pesos = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₱${pesos}.${String(abs % 100).padStart(2, '0')}`;
}

/** Short units of pesos for a figure in a tile, smallest first; below the first, the amount is written in full. */
const SHORT_UNITS = [
  { suffix: 'K', pesos: 1e3 },
  { suffix: 'M', pesos: 1e6 },
  { suffix: 'B', pesos: 1e9 },
] as const;
/** From ₱100,000 a tile's figure is shortened: "₱99,999.50" still fits a tile at 375 px, "₱71,387,015.00" does not. */
const SHORTEN_FROM_PESOS = 100_000;

/**
 * A figure that must fit one line of a KPI tile: "₱71.4M", "₱250K", "-₱1.2B"; under ₱100,000 as
 * `formatPeso`. One decimal, none when it is zero; rounding never gives "₱1000K" but "₱1M".
 */
export function formatPesoShort(cents: number): string {
  const pesos = Math.abs(cents) / 100;
  if (pesos < SHORTEN_FROM_PESOS) return formatPeso(cents);
  const inUnit = (unit: number) => Math.round((pesos / unit) * 10) / 10;
  const { suffix, pesos: unit } = SHORT_UNITS.find((short) => inUnit(short.pesos) < 1000) ?? SHORT_UNITS[SHORT_UNITS.length - 1];
  return `${cents < 0 ? '-' : ''}₱${inUnit(unit)}${suffix}`;
}

/** Pesos typed by a person → whole centavos, so no fraction of a centavo is stored. NaN when not a number. */
export function pesosToCents(input: string | number): number {
  const value = typeof input === 'number' ? input : Number(String(input).trim());
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

/** Default hourly price, so a lot without its own can still be priced. */
export const DEFAULT_RATE_CENTS = 8000;

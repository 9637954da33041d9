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

/** Pesos typed by a person → whole centavos, so no fraction of a centavo is stored. NaN when not a number. */
export function pesosToCents(input: string | number): number {
  const value = typeof input === 'number' ? input : Number(String(input).trim());
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

/** Default hourly price, so a lot without its own can still be priced. */
export const DEFAULT_RATE_CENTS = 8000;

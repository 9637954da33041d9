/** Amounts are integer centavos everywhere; this is the one place that turns them into pesos for people. */
const pesoFormat = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', minimumFractionDigits: 2 });

export function formatPeso(cents: number): string {
  return pesoFormat.format(cents / 100);
}

/** Pesos typed by a person → whole centavos, so no fraction of a centavo is stored. NaN when not a number. */
export function pesosToCents(input: string | number): number {
  const value = typeof input === 'number' ? input : Number(String(input).trim());
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

/** Default hourly price, so a lot without its own can still be priced. */
export const DEFAULT_RATE_CENTS = 8000;

/** How the owner screens (and the PDF) write the figures. */
export const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);
export const hours = (value: number) => `${value.toFixed(1)} h`;
/** A Manila clock hour, "08:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** "Mar 2" from "2026-03-02". */
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-PH', { timeZone: 'UTC', month: 'short', day: 'numeric' });
/** "+12.5% vs previous period", or why there is no change to show. */
export const changeText = (change: number | null, period = 'previous period') =>
  change === null ? `no ${period} to compare` : `${change > 0 ? '+' : ''}${change.toFixed(1)}% vs ${period}`;

// Made on first use, not when the module loads: building an Intl formatter costs a phone several
// milliseconds (docs/performance.md).
let compact: Intl.NumberFormat | undefined;
/** Centavos as short pesos for a chart axis, "₱1.2K". */
export const pesoShort = (cents: number) => {
  compact ??= new Intl.NumberFormat('en-PH', { notation: 'compact', maximumFractionDigits: 1 });
  return `₱${compact.format(cents / 100)}`;
};

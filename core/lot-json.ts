/**
 * A lot's JSON columns (amenitiesJson, hoursJson, rulesJson) read the same way everywhere:
 * a field that fails to parse, or is not an object, counts as empty rather than breaking the screen.
 */
import type { LotHours, LotRules } from './booking';

export type LotAmenities = { accessible?: boolean; evCharging?: boolean; security?: boolean; covered?: boolean };

function parseObject<T extends object>(json: string | null | undefined): T {
  try {
    const value: unknown = JSON.parse(json ?? '');
    return (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as T;
  } catch {
    return {} as T;
  }
}

export const lotAmenities = (lot: { amenitiesJson: string | null }) => parseObject<LotAmenities>(lot.amenitiesJson);
export const lotHours = (lot: { hoursJson: string | null }) => parseObject<LotHours>(lot.hoursJson);
export const lotRules = (lot: { rulesJson: string | null }) => parseObject<LotRules>(lot.rulesJson);

import { DAY_MS } from './time';
/**
 * System health: each part of the platform is probed for real, as users meet it, and rated by how it answered.
 * A probe that fails is an error; one slower than its threshold is a warning.
 */
export const HEALTH_STATUSES = ['healthy', 'warning', 'error'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** Above this response time a probe is a warning. */
export const SLOW_PROBE_MS = 500;

export const rateProbe = (ok: boolean, responseTimeMs: number): HealthStatus =>
  !ok ? 'error' : responseTimeMs > SLOW_PROBE_MS ? 'warning' : 'healthy';

/** The platform's status is its worst part's. */
export const overallStatus = (statuses: HealthStatus[]): HealthStatus =>
  HEALTH_STATUSES[Math.max(0, ...statuses.map((s) => HEALTH_STATUSES.indexOf(s)))];

/** How long the public health answer is reused: a flood of uptime checks costs one D1 read per 5 s. */
export const PUBLIC_HEALTH_FRESH_MS = 5000;

/** A failed background job this recent makes System Health a warning; older ones are shown but healthy. */
export const RECENT_FAILURE_MS = DAY_MS;

export const rateBackgroundFailure = (failedAt: string | null, now: number): HealthStatus =>
  failedAt !== null && now - Date.parse(failedAt) < RECENT_FAILURE_MS ? 'warning' : 'healthy';

/** "2 d 3 h", "3 h 12 min", "5 min", "under a minute": how long the running deployment has served. */
export function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const [days, hours, mins] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${mins} min`;
  return mins ? `${mins} min` : 'under a minute';
}

/**
 * System health (spec 2.20): each part of the platform is probed for real and rated by how it answered.
 * A probe that fails is an error; one slower than its threshold is a warning.
 */
export const HEALTH_STATUSES = ['healthy', 'warning', 'error'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** Above this response time a probe is a warning. */
export const SLOW_PROBE_MS = 500;

export const rateProbe = (ok: boolean, responseTimeMs: number): HealthStatus => (!ok ? 'error' : responseTimeMs > SLOW_PROBE_MS ? 'warning' : 'healthy');

/** The platform's status is its worst part's. */
export const overallStatus = (statuses: HealthStatus[]): HealthStatus => HEALTH_STATUSES[Math.max(0, ...statuses.map((s) => HEALTH_STATUSES.indexOf(s)))];

import type { Bindings } from '../env';

/** Where links in e-mails lead: APP_ORIGIN when configured, else the origin the request came to. */
export const linkOrigin = (env: Bindings, requestUrl: string) => env.APP_ORIGIN ?? new URL(requestUrl).origin;

/** Where links in e-mails no request caused (a reminder, a daily renewal) lead: APP_ORIGIN, else the local app. */
export const appOrigin = (env: Bindings) => env.APP_ORIGIN ?? 'http://localhost:5173';

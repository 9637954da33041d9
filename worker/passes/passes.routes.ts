import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { passKeys } from './pass-keys';

/** The public keys a gate verifies QR passes with: no session needed, nothing secret in them. */
export const passRoutes = new Hono<AppEnv>().get('/passes/jwks', async (c) => c.json((await passKeys(c.env)).jwks));

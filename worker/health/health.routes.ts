import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { publicHealth } from './health.service';

/** For uptime checkers: whether the database answers, without details; 503 when it does not. Writes nothing. */
export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const status = await publicHealth(c.var.db, c.env.CF_VERSION_METADATA.id);
  return c.json({ status }, status === 'error' ? 503 : 200);
});

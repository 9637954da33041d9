import { Hono } from 'hono';
import { systemHealth } from '../admin/system-health';
import type { AppEnv } from '../env';

/** For uptime checkers: the same live probes as the admin's System Health, without their details. 503 when a part is down. */
export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const { status } = await systemHealth(c.env, c.var.db);
  return c.json({ status }, status === 'error' ? 503 : 200);
});

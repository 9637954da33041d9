import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { publicHealth } from './health.service';
import { describedAs } from '../http/described';
import { healthAnswer } from '../../core/api-answers';

const described = describedAs('health');

/** For uptime checkers: whether the database answers, without details; 503 when it does not. Writes nothing. */
export const healthRoutes = new Hono<AppEnv>().get(
  '/health',
  described({ summary: 'Whether the platform answers', status: [200, 503], answer: healthAnswer }),
  async (c) => {
    const status = await publicHealth(c.var.db, c.env.CF_VERSION_METADATA.id);
    return c.json({ status }, status === 'error' ? 503 : 200);
  },
);

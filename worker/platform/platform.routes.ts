import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { platformRules } from './settings.service';
import { describedAs } from '../http/described';

const described = describedAs('platform');

/** The platform rules the signed-in screens state (free cancellation, no-show grace, top-up limits). */
export const platformRoutes = new Hono<AppEnv>().get(
  '/platform/settings',
  described({ summary: "The platform's public settings" }),
  async (c) => c.json(await platformRules(c.var.db)),
);

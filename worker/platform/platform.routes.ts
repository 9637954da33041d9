import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { mapTilesOf } from '../http/map-tiles';
import { platformRules } from './settings.service';
import { platformSettingsAnswer } from '../../core/api-answers/platform';
import { describedAs } from '../http/described';

const described = describedAs('platform');

/**
 * What the signed-in screens state and draw: the platform rules (free cancellation, no-show grace,
 * top-up limits) and the map's tile server of this deployment (MAP_TILES_URL).
 */
export const platformRoutes = new Hono<AppEnv>().get(
  '/platform/settings',
  described({ summary: "The platform's public settings and the map's tile server", answer: platformSettingsAnswer }),
  async (c) => c.json({ ...(await platformRules(c.var.db)), mapTiles: mapTilesOf(c.env) }),
);

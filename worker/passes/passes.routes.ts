import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { passKeys } from './pass-keys';
import { describedAs } from '../http/described';
import { passKeysAnswer } from '../../core/api-answers/passes';

const described = describedAs('passes');

/** The public keys a gate verifies QR passes with: no session needed, nothing secret in them. */
export const passRoutes = new Hono<AppEnv>().get(
  '/passes/jwks',
  described({ summary: 'The public keys that sign passes (JWKS)', answer: passKeysAnswer }),
  async (c) => c.json((await passKeys(c.env)).jwks),
);

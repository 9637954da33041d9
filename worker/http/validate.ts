import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { ZodType } from 'zod';
import { validationError } from './errors';

/**
 * zod validation for body, query and params, answering 400 `{ message, issues }` on failure. Through
 * hono-openapi's validator, so the schema is also the request's description in /api/openapi.json.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) =>
  validator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });

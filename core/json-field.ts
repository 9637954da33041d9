import { z } from 'zod';

/** Requests may send a JSON field as JSON text or as the value itself; text that fails to parse fails the schema. */
export const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);

import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations from worker/db/schema.ts into migrations/, which wrangler applies. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});

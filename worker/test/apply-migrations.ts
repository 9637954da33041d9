import { applyD1Migrations, env } from 'cloudflare:test';

// Each test file gets fresh storage; bring its D1 to the current schema first.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

/**
 * No service re-exports a data or statements module's function (docs/architecture.md, The layering
 * rule). dependency-cruiser's `services-export-their-own` sees a re-export only when the service does not
 * also import that module (it keeps one dependency per module, and its first type); this reads the
 * re-exports themselves. Type re-exports aside: types cross domains freely.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const D1_RE_EXPORT = /^export\s+(?:\*|\{([^}]*)\})\s+from\s+'[^']+\.(data|statements)'/gm;

const services = readdirSync('worker', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.service.ts'));
const offences = services.flatMap((file) =>
  [...readFileSync(join('worker', file), 'utf8').matchAll(D1_RE_EXPORT)]
    .filter(([, names]) => names === undefined || names.split(',').some((name) => name.trim() && !name.trim().startsWith('type ')))
    .map(([statement]) => `worker/${file}: ${statement.replace(/\s+/g, ' ')}`),
);
if (offences.length) {
  console.error(
    `A service re-exports a data or statements module's function; callers import the module that owns it:\n${offences.join('\n')}`,
  );
  process.exit(1);
}
console.log(`Re-exports: no service of ${services.length} re-exports a data or statements module's function.`);

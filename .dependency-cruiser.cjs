/**
 * The layering of docs/architecture.md, checked by `npm test` (dependency-cruiser). Each rule names the
 * part of that page it holds. The worker's and web's tests and their helpers are not cruised; the
 * composition roots (worker/app.ts, worker/index.ts, the demo seed) may reach anything. The browser
 * tests (e2e/) and the benches (bench/) are cruised whole, so that neither reaches the other.
 */
const EXEMPT = '^worker/(app|index)\\.ts$|^worker/seed/';
/** Shared infrastructure every domain may use: not a domain of its own. */
const INFRA = '^worker/(http|db|env\\.ts)';
/** How services reach a lot's Durable Object: its stub and the protocol it speaks. */
const LOT_OBJECT_CLIENT = '^worker/lot-object/(stub|protocol)\\.ts$';
/** The kernel domains' data modules, written inside other domains' batches: they have no service of their own to go through. */
/** The D1 layer: data modules, and the statements a domain hands to other domains' batches. */
const D1 = '\\.(data|statements)\\.ts$';
/** A domain file named for its layer; any other is a pure helper, which reads no data. */
const LAYERED = '\\.(routes|service|data|statements)\\.ts$';
const KERNEL_DATA = '^worker/(audit/audit|users/users|platform/settings|preferences/preferences|health/background-failures)\\.data\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'No cycle of files.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-domain-cycle',
      comment: 'No cycle of domains: two domains never need each other.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^worker/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'routes-call-their-own-service',
      comment:
        'Routes validate and answer: they call their own domain (its service, and helpers of HTTP such as cookies), never a data or statements module, nor another domain.',
      severity: 'error',
      from: { path: '^worker/([^/]+)/.+\\.routes\\.ts$' },
      to: {
        path: ['^worker/[^/]+/', D1],
        pathNot: [INFRA, '^worker/$1/(?!.+\\.(data|statements)\\.ts$)'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'domains-meet-at-services',
      comment:
        "A domain reaches another domain only through that domain's service, or the statements it hands to others' batches (*.statements.ts), or a kernel's data module.",
      severity: 'error',
      from: { path: '^worker/([^/]+)/', pathNot: EXEMPT },
      to: {
        path: '^worker/[^/]+/',
        pathNot: [INFRA, '^worker/$1/', '\\.(service|statements)\\.ts$', KERNEL_DATA, LOT_OBJECT_CLIENT],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'only-data-holds-queries',
      comment: 'Only *.data.ts and *.statements.ts modules (and worker/db) hold drizzle queries.',
      severity: 'error',
      from: { path: '^worker/', pathNot: [EXEMPT, D1, '^worker/db/'] },
      to: { path: ['node_modules/drizzle-orm', '^worker/db/schema\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'data-stays-below-services',
      comment: "Data and statements modules never call services, routes or the lot object: D1 is theirs, the object is the services'.",
      severity: 'error',
      from: { path: D1 },
      to: { path: ['\\.service\\.ts$', '\\.routes\\.ts$', '^worker/lot-object/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'data-stays-in-its-domain',
      comment: "A data or statements module reads and writes its own domain's tables: it imports no other domain (a kernel's data aside).",
      severity: 'error',
      from: { path: '^worker/([^/]+)/.+\\.(data|statements)\\.ts$' },
      to: { path: '^worker/[^/]+/', pathNot: [INFRA, '^worker/$1/', KERNEL_DATA], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'helpers-read-no-data',
      comment:
        'A domain file without a layer suffix is a pure helper (signing, cookies, a provider, a format): one that reads data is a *.service.ts.',
      severity: 'error',
      from: { path: '^worker/(?!http/|db/|test/|seed/|lot-object/)[^/]+/[^/]+\\.ts$', pathNot: LAYERED },
      to: { path: [D1, 'node_modules/drizzle-orm', '^worker/db/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-export-their-own',
      comment:
        "A service exports its own functions, never a data or statements module's: otherwise another domain reaches D1 under a service's name. Callers import the module that owns a function.",
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: D1, dependencyTypes: ['export'] },
    },
    {
      name: 'services-never-route',
      comment: 'Services never import routes.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'lot-object-stands-alone',
      comment: 'The lot object never imports a service, a route, a data or a statements module.',
      severity: 'error',
      from: { path: '^worker/lot-object/' },
      to: { path: '\\.(service|routes|data|statements)\\.ts$' },
    },
    {
      name: 'infrastructure-knows-no-domain',
      comment: 'worker/http and worker/db are used by every domain and import none.',
      severity: 'error',
      from: { path: '^worker/(http|db)/' },
      to: { path: '^worker/[^/]+/', pathNot: INFRA },
    },
    {
      name: 'env-knows-no-domain',
      comment:
        'worker/env.ts declares the bindings and is imported by every domain: it imports none, not even its types. Each domain types its own queue messages and Durable Object.',
      severity: 'error',
      from: { path: '^worker/env\\.ts$' },
      to: { path: '^worker/[^/]+/', pathNot: '^worker/(http|db)/' },
    },
    {
      name: 'core-is-pure',
      comment: 'core/ holds the rules: it imports neither the worker nor the web app.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(worker|web)/' },
    },
    {
      name: 'web-sees-worker-types-only',
      comment: 'The web app knows the worker only by its types (the hc client).',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^worker/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'bench-and-e2e-apart',
      comment: 'The benches and the browser tests never import each other: what both need lives in test-support/.',
      severity: 'error',
      from: { path: '^(bench|e2e)/' },
      to: { path: '^(bench|e2e)/', pathNot: '^$1/' },
    },
    {
      name: 'test-support-serves-both',
      comment: 'test-support/ and scripts/ serve the benches and the browser tests, and import neither.',
      severity: 'error',
      from: { path: '^(test-support|scripts)/' },
      to: { path: '^(bench|e2e)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The worker's and web's tests and their helpers may reach anything, and would make every domain a cycle with worker/test.
    exclude: { path: ['^web/routeTree\\.gen\\.ts$', '^(?!e2e/).+\\.test\\.ts$', '^worker/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    skipAnalysisNotInRules: true,
  },
};

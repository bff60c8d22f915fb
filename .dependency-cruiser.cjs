/**
 * The layer rules of STYLE.md, checked by `npm run lint:layers` (part of `npm test`).
 * docs/architecture.md explains them; api/src/ops/layers.test.ts breaks each one on purpose.
 *
 * Tests (*.test.ts) and test-support/ are outside the layers: they set up data with any query
 * and open their own databases.
 */
const TESTS = ['\\.test\\.ts$', '^api/src/test-support/'];

/** What "the database" is: the driver, the query builder and the connection module. */
const DATABASE = ['(^|/)node_modules/(knex|pg|pg-[a-z-]+|objection)/', '^api/src/database/'];

/** Who may hold the database handle (a runtime import), each for a reason of its own. */
const DATABASE_OWNERS = [
  '\\.queries\\.ts$', // the data-access layer: every query lives here
  '^api/src/database/', // the handle itself: connection, embedded server, migrations runner
  '^migrations/', // schema changes get a Knex handle from the migrator
  '^api/src/server\\.ts$', // the process entry point opens the database and closes it on shutdown
  '^api/src/cli/cli-runtime\\.ts$', // the CLI entry point opens the database the same way
  '^api/src/cli/commands/db\\.commands\\.ts$', // `cli db migrate|rollback` drives the migrations runner
  '^api/src/cli/commands/routes\\.commands\\.ts$', // lists routes with an unconnected handle, no query
  '^api/src/app\\.ts$', // hands the connection string to the event hub (LISTEN needs its own client)
  '^api/src/http/sessions\\.ts$', // connect-pg-simple needs its own pg pool and prepared statement names
  '^api/src/modules/events/event-hub\\.ts$', // LISTEN/NOTIFY needs a dedicated pg client, not the pool
  '^api/src/modules/backend-dashboard/backend-dashboard\\.ts$', // @adminjs/sql opens its own pool from the URL
];

/** A module's public surface: what another module may import. Everything else is internal. */
const MODULE_PUBLIC = [
  '\\.service\\.ts$', // commands and reads other modules call
  '\\.rules\\.ts$', // pure domain rules
  '^api/src/modules/throttles/throttle-rules\\.ts$', // the throttles' pure rules (named before the suffix)
  '\\.types\\.ts$', // shared type declarations (cXML documents)
  '\\.serializer\\.ts$', // the one JSON shape of a resource, used by every module that answers it
  // Library-like parts of a module that other modules use as services, named before this rule:
  '^api/src/modules/throttles/(throttles|account-locks)\\.ts$', // the shared attempt counters
  '^api/src/modules/users/password-hashing\\.ts$', // one password hash for every sign-in path
  '^api/src/modules/auth/password-policy\\.ts$', // one password policy for sign-up, reset and admin
  '^api/src/modules/reports/report-timezone\\.ts$', // settings clears the cached report time zone
  '^api/src/modules/supplier/(punchout-secret|supplier-http)\\.ts$', // the supplier transport
  '^api/src/modules/supplier/cxml/', // the cXML reader and writer, shared with the sandbox and self-test
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'database-only-in-queries',
      comment:
        'Only *.queries.ts (and the listed owners) import the database at run time. Services may name the Db ' +
        'type to pass a transaction along (type-only import); calling a table is for queries (ESLint rule).',
      severity: 'error',
      from: { pathNot: [...DATABASE_OWNERS, ...TESTS] },
      to: { path: DATABASE, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'knex-types-only-in-queries',
      comment: 'Knex query-builder types belong to the data layer; elsewhere the handle is the Db type.',
      severity: 'error',
      from: { pathNot: [...DATABASE_OWNERS, ...TESTS] },
      to: { path: '(^|/)node_modules/(knex|objection)/' },
    },
    {
      name: 'routes-never-import-queries',
      comment: 'A route parses input, builds a context and calls a service; it never runs a query.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: ['\\.queries\\.ts$', '\\.model\\.ts$'] },
    },
    {
      name: 'queries-never-import-services',
      comment: 'The data layer sits below services: no services, routes, mailers or loggers.',
      severity: 'error',
      from: { path: '\\.queries\\.ts$' },
      to: { path: ['\\.service\\.ts$', '\\.routes\\.ts$', '^api/src/http/', '^api/src/logger\\.ts$'] },
    },
    {
      name: 'no-module-internals',
      comment: 'A module imports another module only through its public surface (services, rules, types).',
      severity: 'error',
      from: {
        path: '^api/src/(modules/([^/]+)/|jobs/|cli/|http/)',
        pathNot: ['\\.queries\\.ts$', ...TESTS],
      },
      to: { path: '^api/src/modules/([^/]+)/', pathNot: ['^api/src/modules/$2/', ...MODULE_PUBLIC] },
    },
    {
      name: 'queries-reach-only-queries',
      comment:
        "The data layer composes: a module's queries may use another module's queries (row types, column lists), nothing above them.",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/[^/]+\\.queries\\.ts$' },
      to: { path: '^api/src/modules/([^/]+)/', pathNot: ['^api/src/modules/$1/', '\\.queries\\.ts$'] },
    },
    {
      name: 'frontends-import-only-contracts',
      comment: 'The storefront and the back office import only api/src/contracts from the API package.',
      severity: 'error',
      from: { path: '^(storefront|backoffice)/' },
      to: { path: '^api/', pathNot: '^api/src/contracts/' },
    },
    {
      name: 'frontends-independent',
      comment: 'The storefront and the back office share nothing but the contracts.',
      severity: 'error',
      from: { path: '^storefront/' },
      to: { path: '^backoffice/' },
    },
    {
      name: 'backoffice-independent',
      comment: 'The storefront and the back office share nothing but the contracts.',
      severity: 'error',
      from: { path: '^backoffice/' },
      to: { path: '^storefront/' },
    },
    {
      name: 'contracts-are-pure',
      comment: 'Contracts hold zod schemas and pure rules: nothing else of the api.',
      severity: 'error',
      from: { path: '^api/src/contracts/' },
      to: { path: '^api/', pathNot: '^api/src/contracts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|\\.tsbuild)/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

import { REPO_ROOT } from '../config.js';

const run = promisify(execFile);
const DEPCRUISE = path.join(REPO_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIG = path.join(REPO_ROOT, '.dependency-cruiser.cjs');
// A cruise of the whole repository takes 5–15 s, longer on a loaded CI machine.
const CRUISE_TIMEOUT_MS = 120_000;

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs the repository's layer rules (npm run lint:layers) over `folders` of `cwd`. */
async function cruise(cwd: string, folders: string[], extra: string[] = []): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    [DEPCRUISE, ...folders, '--config', CONFIG, '--output-type', 'json', ...extra],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  );
  const violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  return violations
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to.replace(/^.*node_modules\//, '')}`)
    .sort();
}

/**
 * A small repository with the same layout, where each rule is broken once and each exception
 * used once: the rules must name exactly the breaks.
 */
const FIXTURE: Record<string, string> = {
  'api/src/database/connection.ts':
    'export type Db = { name: string };\nexport const createDb = () => ({ name: "db" });\n',
  'api/src/contracts/shop.ts':
    "import { placeOrder } from '../modules/shop/shop.service.js';\nexport const x = placeOrder;\n",
  'api/src/contracts/money.ts': 'export const cents = 100;\n',
  // The data layer may hold the handle and knex, and use another module's queries.
  'api/src/modules/shop/shop.queries.ts':
    "import knex from 'knex';\nimport { createDb } from '../../database/connection.js';\nimport { stockOf } from '../stock/stock.queries.js';\nexport const selectShop = () => [knex, createDb, stockOf];\n",
  // A service may name the Db type, call another module's service and its own queries …
  'api/src/modules/shop/shop.service.ts':
    "import type { Db } from '../../database/connection.js';\nimport { reserve } from '../stock/stock.service.js';\nimport { toStockJson } from '../stock/stock.serializer.js';\nimport { selectShop } from './shop.queries.js';\nexport const placeOrder = (db: Db) => [db, reserve, toStockJson, selectShop];\n",
  // … but not open the database, use knex types, or reach into another module.
  'api/src/modules/shop/shop-handle.service.ts':
    "import { createDb } from '../../database/connection.js';\nexport const open = createDb;\n",
  'api/src/modules/shop/shop-knex.service.ts':
    "import type { Knex } from 'knex';\nexport type Builder = Knex.QueryBuilder;\n",
  'api/src/modules/shop/shop-reach.service.ts':
    "import { stockOf } from '../stock/stock.queries.js';\nimport { helper } from '../stock/stock-helper.js';\nexport const reach = [stockOf, helper];\n",
  'api/src/modules/shop/shop.routes.ts':
    "import { placeOrder } from './shop.service.js';\nimport { selectShop } from './shop.queries.js';\nexport const routes = [placeOrder, selectShop];\n",
  // Tests sit outside the layers.
  'api/src/modules/shop/shop.test.ts':
    "import { createDb } from '../../database/connection.js';\nimport { stockOf } from '../stock/stock.queries.js';\nexport const t = [createDb, stockOf];\n",
  'api/src/modules/stock/stock.queries.ts':
    "import { placeOrder } from '../shop/shop.service.js';\nexport const stockOf = () => placeOrder;\n",
  'api/src/modules/stock/stock.service.ts': 'export const reserve = () => 1;\n',
  'api/src/modules/stock/stock.serializer.ts': 'export const toStockJson = () => ({});\n',
  'api/src/modules/stock/stock-helper.ts': 'export const helper = () => 2;\n',
  'api/src/jobs/tidy.job.ts':
    "import { stockOf } from '../modules/stock/stock.queries.js';\nexport const tidy = stockOf;\n",
  'storefront/src/page.ts':
    "import { cents } from '../../api/src/contracts/money.js';\nimport { placeOrder } from '../../api/src/modules/shop/shop.service.js';\nimport { screen } from '../../backoffice/src/screen.js';\nexport const page = [cents, placeOrder, screen];\n",
  'backoffice/src/screen.ts':
    "import { page } from '../../storefront/src/page.js';\nexport const screen = () => page;\n",
};

describe('the layer rules (npm run lint:layers)', () => {
  let fixture: string;
  beforeAll(() => {
    fixture = mkdtempSync(path.join(tmpdir(), 'layers-'));
    for (const [file, text] of Object.entries(FIXTURE)) {
      mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      writeFileSync(path.join(fixture, file), text);
    }
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(fixture, 'node_modules'));
  });
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it(
    'name each broken layer in a repository that breaks every rule once, and nothing else',
    async () => {
      expect(await cruise(fixture, ['api/src', 'storefront/src', 'backoffice/src'])).toEqual([
        'backoffice-independent: backoffice/src/screen.ts → storefront/src/page.ts',
        'contracts-are-pure: api/src/contracts/shop.ts → api/src/modules/shop/shop.service.ts',
        'database-only-in-queries: api/src/modules/shop/shop-handle.service.ts → api/src/database/connection.ts',
        'frontends-import-only-contracts: storefront/src/page.ts → api/src/modules/shop/shop.service.ts',
        'frontends-independent: storefront/src/page.ts → backoffice/src/screen.ts',
        'knex-types-only-in-queries: api/src/modules/shop/shop-knex.service.ts → knex/knex.js',
        'no-module-internals: api/src/jobs/tidy.job.ts → api/src/modules/stock/stock.queries.ts',
        'no-module-internals: api/src/modules/shop/shop-reach.service.ts → api/src/modules/stock/stock-helper.ts',
        'no-module-internals: api/src/modules/shop/shop-reach.service.ts → api/src/modules/stock/stock.queries.ts',
        'queries-never-import-services: api/src/modules/stock/stock.queries.ts → api/src/modules/shop/shop.service.ts',
        'queries-reach-only-queries: api/src/modules/stock/stock.queries.ts → api/src/modules/shop/shop.service.ts',
        'routes-never-import-queries: api/src/modules/shop/shop.routes.ts → api/src/modules/shop/shop.queries.ts',
      ]);
    },
    CRUISE_TIMEOUT_MS,
  );

  it(
    'pass on the repository itself',
    async () => {
      expect(await cruise(REPO_ROOT, ['api/src', 'storefront/src', 'backoffice/src', 'migrations'])).toEqual([]);
    },
    CRUISE_TIMEOUT_MS,
  );
});

describe('the rule that only *.queries.ts call the database (ESLint)', () => {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const problems = async (file: string, text: string) =>
    (await eslint.lintText(text, { filePath: path.join(REPO_ROOT, file) }))[0]!.messages.map(
      (message) => `${message.line}: ${message.ruleId}`,
    );
  const service = [
    "import type { ServiceContext } from '../../context.js';",
    'export async function f(ctx: ServiceContext) {',
    "  await ctx.db('orders').where({ id: 1 }).first();", // line 3
    "  await ctx.db.raw('select 1');", // line 4
    '  return ctx.db.transaction(async (trx) => {', // opening a transaction is the service's job
    "    await trx('orders').update({ status: 'approved' });", // line 6
    "    return trx.raw('select 1');", // line 7
    '  });',
    '}',
    '',
  ].join('\n');

  it('flags a service that calls a table, runs SQL or calls a table inside its transaction', async () => {
    expect(await problems('api/src/modules/shop/shop.service.ts', service)).toEqual([
      '3: no-restricted-syntax',
      '4: no-restricted-syntax',
      '6: no-restricted-syntax',
      '7: no-restricted-syntax',
    ]);
  });

  it('lets a query function do exactly that', async () => {
    expect(await problems('api/src/modules/shop/shop.queries.ts', service)).toEqual([]);
  });
});

describe('the module graph of docs/architecture.md', () => {
  it(
    'is the graph the code draws (npm run docs:architecture)',
    async () => {
      const script = path.join(REPO_ROOT, 'scripts/docs/architecture.mjs');
      const { drawModuleGraph, withGraph } = (await import(script)) as {
        drawModuleGraph: () => string;
        withGraph: (document: string, graph: string) => string;
      };
      const document = readFileSync(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
      const graph = drawModuleGraph();
      expect(graph).toMatch(/^flowchart LR/);
      // A graph that lost an edge, or the code grew one, makes the document differ.
      expect(withGraph(document, graph.replace(/\n[^\n]*-->[^\n]*/, ''))).not.toEqual(document);
      expect(withGraph(document, graph)).toEqual(document);
    },
    CRUISE_TIMEOUT_MS,
  );
});

describe('npm test', () => {
  it('runs the layer rules (npm test → lint → lint:layers)', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.test).toMatch(/^npm run lint &&/);
    expect(scripts.lint).toContain('npm run lint:layers');
    expect(scripts['lint:layers']).toMatch(
      /^depcruise api\/src storefront\/src backoffice\/src .*--config \.dependency-cruiser\.cjs/,
    );
  });
});

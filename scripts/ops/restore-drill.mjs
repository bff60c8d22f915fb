#!/usr/bin/env node
/**
 * Restore drill: proves that a backup of the Supply Hub database can be restored and used.
 *
 *   node scripts/ops/restore-drill.mjs [--source URL] [--target NAME] [--server URL]
 *                                      [--dump FILE] [--from-dump FILE] [--keep] [--jobs N] [--json]
 *
 * 1. pg_dump (custom format) of the source, taken inside one REPEATABLE READ snapshot that the
 *    script also counts rows in, so the comparison is exact even while the portal keeps writing.
 *    With --from-dump FILE it restores an existing backup instead (nightly dump, off-site copy).
 * 2. pg_restore into a fresh database (never an existing one) on --server (default: the source's).
 * 3. Verification: every table's row count equals the source's (skipped with --from-dump, whose
 *    source has moved on), the migrations table names exactly the migrations this checkout knows
 *    and is not locked, and the newest order with its lines reads back identical.
 * 4. The restored database is dropped unless --keep; the dump file is removed unless --dump names it.
 *
 * Exit codes: 0 verified, 1 verification failed or a step failed, 2 usage, 3 no usable
 * pg_dump/pg_restore (they must be at least the server's major version; set PG_BIN to their folder).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import pg from 'pg';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

class DrillError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

function parseOptions(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        source: { type: 'string' },
        target: { type: 'string' },
        server: { type: 'string' },
        dump: { type: 'string' },
        'from-dump': { type: 'string' },
        keep: { type: 'boolean', default: false },
        jobs: { type: 'string', default: '1' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new DrillError(`${error.message} (run with --help for usage)`, 2);
  }
  if (parsed.help) return { help: true };
  const source = parsed.source ?? process.env.DATABASE_URL;
  if (!source && !parsed['from-dump']) throw new DrillError('--source URL (or DATABASE_URL) is required', 2);
  if (!source && !parsed.server) throw new DrillError('--from-dump without --source needs --server URL', 2);
  const jobs = Number(parsed.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 16) throw new DrillError('--jobs must be 1 to 16', 2);
  const sourceName = source ? databaseOf(source) : 'backup';
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const target = parsed.target ?? `${sourceName.slice(0, 40)}_restore_${stamp}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(target)) {
    throw new DrillError(`--target must be a plain lower-case database name of at most 63 characters: ${target}`, 2);
  }
  if (source && target === sourceName) throw new DrillError('--target must differ from the source database', 2);
  return {
    help: false,
    source,
    target,
    server: parsed.server ?? withDatabase(source, 'postgres'),
    dump: parsed.dump,
    fromDump: parsed['from-dump'],
    keep: parsed.keep,
    jobs,
    json: parsed.json,
  };
}

function databaseOf(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** Connection URL without its password, for messages. */
function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function majorOf(versionText) {
  const match = /(\d+)(?:\.(\d+))?/.exec(versionText);
  return match ? Number(match[1]) : 0;
}

/**
 * pg_dump and pg_restore of at least the server's major version: PG_BIN if set, else Debian's
 * /usr/lib/postgresql/<major>/bin (newest first), else the PATH.
 */
function findTools(serverMajor) {
  const dirs = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : [
        ...(existsSync('/usr/lib/postgresql')
          ? readdirSync('/usr/lib/postgresql')
              .filter((name) => /^\d+$/.test(name))
              .sort((a, b) => Number(b) - Number(a))
              .map((name) => `/usr/lib/postgresql/${name}/bin`)
          : []),
        '',
      ];
  const seen = [];
  for (const dir of dirs) {
    const tool = (name) => (dir ? path.join(dir, name) : name);
    const version = spawnSync(tool('pg_dump'), ['--version'], { encoding: 'utf8' });
    const restore = spawnSync(tool('pg_restore'), ['--version'], { encoding: 'utf8' });
    if (version.status !== 0 || restore.status !== 0) continue;
    const major = majorOf(version.stdout.replace(/^[^\d]*/, ''));
    seen.push(`${tool('pg_dump')} ${major}`);
    if (major >= serverMajor) return { pgDump: tool('pg_dump'), pgRestore: tool('pg_restore'), major };
  }
  throw new DrillError(
    `no pg_dump/pg_restore of version ${serverMajor} or newer (found: ${seen.join(', ') || 'none'}); ` +
      'install the PostgreSQL client of the server’s version or set PG_BIN to its bin folder',
    3,
  );
}

/** Migration names this checkout knows: migrations/*.ts in a clone, api/dist/migrations/*.js in a build. */
function knownMigrations() {
  for (const [dir, extension] of [
    [path.join(REPO_ROOT, 'migrations'), '.ts'],
    [path.join(REPO_ROOT, 'api', 'dist', 'migrations'), '.js'],
  ]) {
    if (!existsSync(dir)) continue;
    const names = readdirSync(dir)
      .filter((file) => /^\d{14}_.+/.test(file) && file.endsWith(extension) && !file.endsWith(`.d${extension}`))
      .map((file) => file.slice(0, -extension.length))
      .sort();
    if (names.length > 0) return names;
  }
  return null;
}

const quote = (identifier) => `"${identifier.replace(/"/g, '""')}"`;

/** Row counts of every table of the public schema, the migrations and the newest order with its lines. */
async function inspect(client) {
  const tables = (
    await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
  ).rows.map((row) => row.tablename);
  const counts = {};
  for (const table of tables) {
    counts[table] = Number((await client.query(`SELECT count(*) AS n FROM public.${quote(table)}`)).rows[0].n);
  }
  const migrations = tables.includes('knex_migrations')
    ? (await client.query('SELECT name FROM knex_migrations ORDER BY name')).rows.map((row) => row.name)
    : [];
  const isMigrationLocked = tables.includes('knex_migrations_lock')
    ? (await client.query('SELECT coalesce(max(is_locked), 0) AS locked FROM knex_migrations_lock')).rows[0].locked > 0
    : false;
  const newestOrder = tables.includes('orders')
    ? ((
        await client.query(
          `SELECT row_to_json(o)::text AS order_json,
                  (SELECT coalesce(json_agg(row_to_json(i) ORDER BY i.line_number), '[]')::text
                     FROM order_items i WHERE i.order_id = o.id) AS lines_json
             FROM orders o ORDER BY o.created_at DESC, o.id DESC LIMIT 1`,
        )
      ).rows[0] ?? null)
    : null;
  return { counts, migrations, isMigrationLocked, newestOrder };
}

/** A connection URL for a client binary: the password goes through PGPASSWORD, never the process list. */
function clientConnection(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...env },
  });
  if (result.error) throw new DrillError(`${path.basename(command)} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new DrillError(
      `${path.basename(command)} failed (exit ${result.status}): ${result.stderr.trim().slice(-2000)}`,
    );
  }
  return result;
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url, application_name: 'supply-hub-restore-drill' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(
      readFileHeader() +
        '\n\nExample: node scripts/ops/restore-drill.mjs --source "$DATABASE_URL" --dump /backups/drill.dump\n',
    );
    return 0;
  }
  const say = (line) => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };
  const started = Date.now();
  const serverVersion = await withClient(options.server, async (client) =>
    Number((await client.query('SHOW server_version_num')).rows[0].server_version_num),
  );
  const tools = findTools(Math.floor(serverVersion / 10_000));
  say(
    `Using ${tools.pgDump} and ${tools.pgRestore} (${tools.major}) against a PostgreSQL ${Math.floor(serverVersion / 10_000)} server`,
  );

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-restore-drill-'));
  const dumpFile = options.fromDump ?? options.dump ?? path.join(workDir, 'supply-hub.dump');
  const targetUrl = withDatabase(options.server, options.target);
  let isTargetCreated = false;
  const report = {
    ok: false,
    source: options.source ? redact(options.source) : null,
    target: options.target,
    dump_file: dumpFile,
    dump_bytes: 0,
    from_dump: Boolean(options.fromDump),
    kept: options.keep,
    tables: {},
    problems: [],
    migrations: { restored: 0, known: null, pending: [], unknown: [] },
    newest_order: null,
    timings_ms: {},
  };
  try {
    let source = null;
    if (options.fromDump) {
      if (!existsSync(options.fromDump)) throw new DrillError(`--from-dump: no such file ${options.fromDump}`);
    } else {
      // One snapshot for the dump and the counts: exported here, used by pg_dump --snapshot.
      source = await withClient(options.source, async (client) => {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const snapshot = (await client.query('SELECT pg_export_snapshot() AS id')).rows[0].id;
        const dumpStarted = Date.now();
        const connection = clientConnection(options.source);
        run(
          tools.pgDump,
          ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${connection.dbname}`],
          connection.env,
        );
        report.timings_ms.dump = Date.now() - dumpStarted;
        const inspected = await inspect(client);
        await client.query('COMMIT');
        return inspected;
      });
      say(`Dumped ${redact(options.source)} to ${dumpFile} in ${report.timings_ms.dump} ms`);
    }
    report.dump_bytes = statSync(dumpFile).size;

    await withClient(options.server, async (client) => {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.target]);
      if (exists.rowCount > 0)
        throw new DrillError(`database ${options.target} already exists; a drill restores into a fresh one`);
      await client.query(`CREATE DATABASE ${quote(options.target)}`);
    });
    isTargetCreated = true;
    const restoreStarted = Date.now();
    const target = clientConnection(targetUrl);
    run(
      tools.pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--jobs=${options.jobs}`,
        `--dbname=${target.dbname}`,
        dumpFile,
      ],
      target.env,
    );
    report.timings_ms.restore = Date.now() - restoreStarted;
    say(`Restored into ${options.target} in ${report.timings_ms.restore} ms`);

    const restored = await withClient(targetUrl, inspect);
    for (const [table, count] of Object.entries(restored.counts)) {
      report.tables[table] = { restored: count, source: source ? (source.counts[table] ?? null) : null };
    }
    if (source) {
      for (const [table, count] of Object.entries(source.counts)) {
        const restoredCount = restored.counts[table];
        report.tables[table] = { source: count, restored: restoredCount ?? null };
        if (restoredCount !== count)
          report.problems.push(`${table}: ${count} rows in the source, ${restoredCount ?? 'no table'} restored`);
      }
      if (JSON.stringify(source.migrations) !== JSON.stringify(restored.migrations)) {
        report.problems.push('the restored migrations table differs from the source’s');
      }
      if (JSON.stringify(source.newestOrder) !== JSON.stringify(restored.newestOrder)) {
        report.problems.push('the newest order (or its lines) reads back differently from the source');
      }
    }
    const known = knownMigrations();
    report.migrations = {
      restored: restored.migrations.length,
      known: known?.length ?? null,
      pending: known ? known.filter((name) => !restored.migrations.includes(name)) : [],
      unknown: known ? restored.migrations.filter((name) => !known.includes(name)) : [],
    };
    if (!known) say('No migrations folder in this checkout: the migrations table was compared with the source only');
    if (report.migrations.pending.length > 0) {
      report.problems.push(`migrations not applied in the restored database: ${report.migrations.pending.join(', ')}`);
    }
    if (report.migrations.unknown.length > 0) {
      report.problems.push(`migrations this checkout does not know: ${report.migrations.unknown.join(', ')}`);
    }
    if (restored.migrations.length === 0) report.problems.push('the restored database has no migrations table rows');
    if (restored.isMigrationLocked) report.problems.push('knex_migrations_lock is held in the restored database');
    if (!restored.newestOrder) {
      if ((restored.counts.orders ?? 0) > 0 || !('orders' in restored.counts))
        report.problems.push('no order could be read');
    } else {
      const order = JSON.parse(restored.newestOrder.order_json);
      const lines = JSON.parse(restored.newestOrder.lines_json);
      report.newest_order = {
        id: order.id,
        order_number: order.order_number,
        status: order.status,
        lines: lines.length,
      };
      if (lines.length === 0) report.problems.push(`order ${order.order_number} has no lines`);
    }
    report.ok = report.problems.length === 0;
  } finally {
    if (isTargetCreated && !options.keep) {
      await withClient(options.server, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quote(options.target)} WITH (FORCE)`),
      );
    }
    rmSync(workDir, { recursive: true, force: true });
    report.timings_ms.total = Date.now() - started;
  }

  if (options.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    const rows = Object.entries(report.tables).filter(([, row]) => row.restored > 0 || row.source > 0);
    for (const [table, row] of rows)
      say(`  ${table.padEnd(28)} ${String(row.source ?? '-').padStart(8)} ${String(row.restored).padStart(8)}`);
    say(
      `Migrations: ${report.migrations.restored} restored, ${report.migrations.pending.length} pending, ${report.migrations.unknown.length} unknown`,
    );
    if (report.newest_order)
      say(
        `Newest order ${report.newest_order.order_number} (${report.newest_order.status}, ${report.newest_order.lines} lines) reads back`,
      );
    for (const problem of report.problems) say(`PROBLEM: ${problem}`);
    say(
      `${report.ok ? 'Restore drill passed' : 'Restore drill FAILED'} in ${report.timings_ms.total} ms` +
        (options.keep ? `; the restored database ${options.target} is kept` : ''),
    );
  }
  return report.ok ? 0 : 1;
}

/** The comment at the top of this file, as the --help text. */
function readFileHeader() {
  const text = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const comment = text.slice(text.indexOf('/**') + 3, text.indexOf('*/'));
  return comment.replace(/^ \* ?/gm, '').trim();
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`restore-drill: ${error.message}\n`);
    process.exit(error instanceof DrillError ? error.exitCode : 1);
  },
);

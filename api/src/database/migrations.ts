import type { Knex } from 'knex';

import { MIGRATIONS, type NamedMigration } from '../../../migrations/index.js';
import type { Db } from './connection.js';

const migrationSource: Knex.MigrationSource<NamedMigration> = {
  getMigrations: () => Promise.resolve([...MIGRATIONS]),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve(migration),
};

const migratorConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migratorConfig)) as [number, string[]];
  return applied;
}

/** Rolls back the last batch, or every migration with `all`. */
export async function rollbackMigrations(db: Db, options: { all?: boolean } = {}): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(migratorConfig, options.all ?? false)) as [number, string[]];
  return reverted;
}

export async function listPendingMigrations(db: Db): Promise<string[]> {
  const [, pending] = (await db.migrate.list(migratorConfig)) as [unknown, NamedMigration[]];
  return pending.map((migration) => migration.name);
}

import { setTimeout as sleep } from 'node:timers/promises';

import type { AppConfig } from '../config.js';
import { createDb, type Db } from './connection.js';

/** Which database answered a report read. */
export type ReportsSource = 'primary' | 'replica';

/**
 * The streaming replica as the reader last measured it: `streaming` (reports read it), `lagging`
 * (behind by more than the allowed lag, or by an unknown amount), `unavailable` (it does not answer,
 * or is not a standby), `not_configured` (no REPORTS_DATABASE_URL: reports read the primary).
 */
export type ReplicaState = 'not_configured' | 'streaming' | 'lagging' | 'unavailable';

export interface ReportsDatabaseStatus {
  replica: ReplicaState;
  /** Seconds of commits on the primary the replica may not show yet (0 when it has replayed all). */
  lagSeconds: number | null;
  /** WAL bytes written on the primary and not yet replayed on the replica. */
  lagBytes: number | null;
  maxLagSeconds: number | null;
  checkedAt: Date | null;
  lastReadFrom: ReportsSource | null;
}

/** Hands report reads the replica while it keeps up, else the primary; ordering never comes here. */
export interface ReportsReader {
  /**
   * Runs read-only `work` on the replica when its last measured lag is within the limit, else on
   * the primary. A failure on the replica is retried on the primary: a replica never fails a report.
   * `work` holds database reads only (an application refusal thrown in it would be retried too).
   */
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** The replica's state, measured again when the last measurement is older than the check interval. */
  status(): Promise<ReportsDatabaseStatus>;
  /** Closes the replica's pool (the primary belongs to whoever opened it). */
  close(): Promise<void>;
}

interface ReaderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ReportsReaderOptions {
  primary: Db;
  /** Absent: every report read goes to the primary. */
  replica?: Db;
  maxLagSeconds: number;
  /** How long a lag measurement is trusted: a report pays the check's two round trips at most this often. */
  checkIntervalMs?: number;
  /** A measurement that takes longer counts as an unavailable replica. */
  checkTimeoutMs?: number;
  log: ReaderLog;
}

export const LAG_CHECK_INTERVAL_MS = 5_000;
const LAG_CHECK_TIMEOUT_MS = 2_000;

interface Measurement {
  replica: Exclude<ReplicaState, 'not_configured'>;
  lagSeconds: number | null;
  lagBytes: number | null;
  reason?: string;
  checkedAt: Date;
  /** performance.now() when it was taken. */
  takenAt: number;
}

interface ReplicaPosition {
  is_standby: boolean;
  replay_lsn: string | null;
  since_last_replay_s: number | null;
}

/** The primary's WAL position, read at `at` (performance.now()). */
interface PrimarySighting {
  lsn: bigint;
  at: number;
}

/** How many of the primary's past positions a reader remembers to bound a lagging replica's staleness. */
const KEPT_SIGHTINGS = 32;

/** How long a check waits, twice, for a replica a few bytes behind to reach the primary's position. */
const CATCH_UP_RECHECKS_MS = [10, 40];

/** A pg_lsn's text ("16/B374D848") as a number that orders as the WAL does. */
export function lsnValue(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How stale a replica that has replayed up to `replayed` may be, in seconds, at `now`: commits made
 * after the latest moment the primary was seen at or before that position may be missing. Null when
 * no remembered position is that old.
 */
export function stalenessBound(replayed: bigint, sightings: readonly PrimarySighting[], now: number): number | null {
  const reached = sightings.filter((sighting) => sighting.lsn <= replayed);
  if (reached.length === 0) return null;
  return Math.max(0, (now - Math.max(...reached.map((sighting) => sighting.at))) / 1000);
}

/**
 * How far behind the replica is. `now() - pg_last_xact_replay_timestamp()` alone grows without end
 * while the primary is idle, so the WAL positions come first: the primary's current LSN is read, then
 * the replica's replayed LSN compared with it. Caught up: no lag. Behind: the lag is the smaller of two
 * upper bounds of how stale it may be — time since the last replayed commit (tight on a busy primary),
 * and time since the primary was last seen at a position the replica has replayed (tight on a quiet
 * one, and under load, where a replica is often a few writes behind the moment's position). Neither
 * known: the lag is unknown (null). `sightings` gains this check's reading of the primary.
 */
async function measureLag(primary: Db, replica: Db, sightings: PrimarySighting[]) {
  const readAt = performance.now();
  const current = await primary.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_lsn()::text AS lsn');
  const primaryLsn = lsnValue(current.rows[0]?.lsn ?? '0/0');
  sightings.push({ lsn: primaryLsn, at: readAt });
  if (sightings.length > KEPT_SIGHTINGS) sightings.splice(0, sightings.length - KEPT_SIGHTINGS);
  const position = await replica.raw<{ rows: ReplicaPosition[] }>(
    `SELECT pg_is_in_recovery() AS is_standby,
            pg_last_wal_replay_lsn()::text AS replay_lsn,
            extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS since_last_replay_s`,
  );
  const row = position.rows[0];
  if (!row?.is_standby || row.replay_lsn === null) return { isStandby: false as const };
  const caughtUp = { isStandby: true as const, lagBytes: 0, lagSeconds: 0 };
  let replayed = lsnValue(row.replay_lsn);
  // A write the primary made a moment before is replayed within milliseconds: look again briefly
  // before calling the replica behind, or a check just after any write would find it lagging.
  for (const waitMs of [0, ...CATCH_UP_RECHECKS_MS]) {
    if (waitMs > 0) {
      await sleep(waitMs);
      const again = await replica.raw<{ rows: { replay_lsn: string | null }[] }>(
        'SELECT pg_last_wal_replay_lsn()::text AS replay_lsn',
      );
      replayed = lsnValue(again.rows[0]?.replay_lsn ?? '0/0');
    }
    if (replayed >= primaryLsn) return caughtUp;
  }
  const bounds = [row.since_last_replay_s, stalenessBound(replayed, sightings, performance.now())];
  const known = bounds.filter((bound): bound is number => bound !== null).map((bound) => Math.max(0, bound));
  return {
    isStandby: true as const,
    lagBytes: Number(primaryLsn - replayed),
    lagSeconds: known.length > 0 ? Math.min(...known) : null,
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The reason for the log line: the first line, without the SQL Knex puts before a database error's text. */
function reasonOf(error: unknown): string {
  const firstLine = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  return (firstLine.split(' - ').at(-1) ?? '').slice(0, 200);
}

export function createReportsReader(options: ReportsReaderOptions): ReportsReader {
  const { primary, replica, maxLagSeconds, log } = options;
  const checkIntervalMs = options.checkIntervalMs ?? LAG_CHECK_INTERVAL_MS;
  const checkTimeoutMs = options.checkTimeoutMs ?? LAG_CHECK_TIMEOUT_MS;
  let lastReadFrom: ReportsSource | null = null;
  let measured: Measurement | undefined;
  let measuring: Promise<Measurement> | undefined;
  const sightings: PrimarySighting[] = [];

  /** Logged once per change of state, not per report. */
  const record = (next: Measurement): Measurement => {
    if (next.replica !== measured?.replica) {
      const details = {
        replica: next.replica,
        lag_s: next.lagSeconds,
        lag_bytes: next.lagBytes,
        max_lag_s: maxLagSeconds,
      };
      if (next.replica === 'streaming') log.info(details, 'reports read from the streaming replica');
      else log.warn({ ...details, reason: next.reason }, 'reports read from the primary: the replica is not usable');
    }
    measured = next;
    return next;
  };

  const measure = async (target: Db): Promise<Measurement> => {
    const takenAt = performance.now();
    try {
      const lag = await withTimeout(measureLag(primary, target, sightings), checkTimeoutMs);
      if (!lag.isStandby) {
        return {
          replica: 'unavailable',
          lagSeconds: null,
          lagBytes: null,
          reason: 'not a standby in recovery',
          checkedAt: new Date(),
          takenAt,
        };
      }
      const isFresh = lag.lagSeconds !== null && lag.lagSeconds <= maxLagSeconds;
      return {
        replica: isFresh ? 'streaming' : 'lagging',
        lagSeconds: lag.lagSeconds,
        lagBytes: lag.lagBytes,
        checkedAt: new Date(),
        takenAt,
      };
    } catch (error) {
      return {
        replica: 'unavailable',
        lagSeconds: null,
        lagBytes: null,
        reason: reasonOf(error),
        checkedAt: new Date(),
        takenAt,
      };
    }
  };

  /** The last measurement while it is fresh; otherwise one new measurement, shared by concurrent callers. */
  const current = (target: Db, isForced = false): Promise<Measurement> => {
    if (!isForced && measured && performance.now() - measured.takenAt < checkIntervalMs)
      return Promise.resolve(measured);
    measuring ??= measure(target)
      .then(record)
      .finally(() => {
        measuring = undefined;
      });
    return measuring;
  };

  const served = <T>(source: ReportsSource, result: T): T => {
    lastReadFrom = source;
    return result;
  };

  return {
    async read(work) {
      if (replica && (await current(replica)).replica === 'streaming') {
        try {
          return served('replica', await work(replica));
        } catch {
          // Not logged here (every report in flight would log it): measured again at once, so the
          // state and its one log line follow a replica that went away; the primary answers.
          void current(replica, true);
        }
      }
      return served('primary', await work(primary));
    },
    async status() {
      if (!replica) {
        return {
          replica: 'not_configured',
          lagSeconds: null,
          lagBytes: null,
          maxLagSeconds: null,
          checkedAt: null,
          lastReadFrom,
        };
      }
      const state = await current(replica);
      return {
        replica: state.replica,
        lagSeconds: state.lagSeconds,
        lagBytes: state.lagBytes,
        maxLagSeconds,
        checkedAt: state.checkedAt,
        lastReadFrom,
      };
    },
    async close() {
      await replica?.destroy();
    },
  };
}

/**
 * The reader of the running server: a pool of its own on REPORTS_DATABASE_URL when that is set
 * (marked `supply-hub-reports` in pg_stat_activity), else the primary alone.
 */
export function openReportsReader(
  config: AppConfig,
  primary: Db,
  log: ReaderLog,
  options: { checkIntervalMs?: number } = {},
): ReportsReader {
  const url = config.reports.databaseUrl;
  // No sink for Knex's own warnings: a replica that is down would log a failed connection per
  // check; the reader logs each change of state once, with its reason.
  // A replica cut off mid-query must not hold a report for as long as TCP takes to notice: the query
  // gives up after a minute (and falls back to the primary) and keep-alives find a dead peer sooner.
  const replica = url
    ? createDb(url, { max: 10 }, undefined, 'supply-hub-reports', { query_timeout: 60_000, keepAlive: true })
    : undefined;
  return createReportsReader({ primary, replica, maxLagSeconds: config.reports.maxLagSeconds, log, ...options });
}

import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { Transform as CsvTransform } from '@json2csv/node';

import { REPORT_CSV_FIELDS, type ReportQueryRequest } from '../../contracts/reports.js';
import type { Db } from '../../database/connection.js';
import { readForReport, type ServiceContext } from '../../context.js';
import { neutraliseRow } from '../../csv/spreadsheet-safe-csv.js';
import { describeError } from '../../http/describe-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './reports.queries.js';
import {
  overviewTotals,
  regionMap,
  regionRows,
  reportCsvFileName,
  type DayTotalsRow,
  type StateTotalsRow,
} from './reports.rules.js';

export interface ReportExport {
  fileName: string;
  /** Streams the CSV into `sink` and audits the export; a sink that goes away ends it early. */
  writeTo(sink: Writable): Promise<{ rows: number; isComplete: boolean }>;
}

type Row = Record<string, unknown>;

/** The rows of a slice: the long ones straight from a cursor, the short ones (≤ one per state or day) at once. */
async function* sliceRows(db: Db, request: ReportQueryRequest): AsyncGenerator<Row> {
  const range = request.filters;
  switch (request.slice) {
    case 'overview':
      // The four totals, as before the series existed: the chart's points are the JSON answer's.
      yield overviewTotals(await queries.selectReportRows<DayTotalsRow>(db, 'dailyTotals', range));
      return;
    case 'by_region': {
      const states = await queries.selectReportRows<StateTotalsRow>(db, 'byState', range);
      yield* request.view === 'map' ? regionMap(states).states : regionRows(states);
      return;
    }
    case 'top_products':
      yield* queries.streamReportRows<Row>(db, 'topProducts', range);
      return;
    case 'reorders':
      yield* queries.streamReportRows<Row>(db, 'reorders', range);
  }
}

/**
 * Opens the export and reads its first rows before anything is sent, so a failing query still
 * answers a proper error; later failures can only cut the download short.
 */
export async function prepareReportExport(ctx: ServiceContext, request: ReportQueryRequest): Promise<ReportExport> {
  // The replica may serve the export up to its first rows; once streaming, it finishes where it began.
  const { rows, first } = await readForReport(ctx, async (db) => {
    const opened = sliceRows(db, request);
    return { rows: opened, first: await opened.next() };
  });
  let count = 0;
  let isAudited = false;
  const audit = async (isComplete: boolean) => {
    if (isAudited) return;
    isAudited = true;
    await recordAudit(ctx, {
      action: 'report.export',
      targetType: 'report',
      targetId: request.slice,
      outcome: isComplete ? 'success' : 'failure',
      details: { slice: request.slice, from: request.filters.from, to: request.filters.to, rows: count },
    });
  };
  // Audited after the last row and before the file ends: a download that completes has its audit row.
  async function* auditedRows(): AsyncGenerator<Row> {
    if (!first.done) {
      count += 1;
      yield first.value;
      for await (const row of rows) {
        count += 1;
        yield row;
      }
    }
    await audit(true);
  }
  const fields = request.slice === 'by_region' && request.view === 'map' ? 'by_region_map' : request.slice;
  return {
    fileName: reportCsvFileName(request.slice, ctx.now()),
    async writeTo(sink) {
      const csv = new CsvTransform<Row, Row>(
        { fields: [...REPORT_CSV_FIELDS[fields]], transforms: [neutraliseRow], eol: '\n' },
        {},
        { objectMode: true },
      );
      try {
        await pipeline(Readable.from(auditedRows()), csv, sink);
        return { rows: count, isComplete: true };
      } catch (error) {
        ctx.log.warn({ error: describeError(error), rows: count }, 'report export ended early');
        await audit(false);
        return { rows: count, isComplete: false };
      } finally {
        // The cursor's transaction ends even when the stream never started.
        await rows.return(undefined);
      }
    },
  };
}

import { describe, expect, it } from '@jest/globals';

import {
  DASHBOARD_TABLES,
  NEVER_SHOWN_TABLES,
  bundleFolderFor,
  resourceOptionsFor,
  shownTables,
} from './backend-dashboard.resources.js';

describe('the backend dashboard’s resources', () => {
  it('never include a table of credentials, sessions or secrets', () => {
    const shown = shownTables().map(({ table }) => table);
    expect(shown).toContain('products');
    expect(shown.filter((table) => NEVER_SHOWN_TABLES.includes(table))).toEqual([]);
    expect(DASHBOARD_TABLES.filter(({ table }) => NEVER_SHOWN_TABLES.includes(table))).toEqual([]);
  });

  it('refuse and hide every write action of every resource', () => {
    for (const table of DASHBOARD_TABLES) {
      const { actions } = resourceOptionsFor(table);
      expect(Object.keys(actions).sort()).toEqual(['bulkDelete', 'delete', 'edit', 'new']);
      for (const action of Object.values(actions)) expect(action).toEqual({ isAccessible: false, isVisible: false });
    }
  });

  it('list histories newest first', () => {
    expect(resourceOptionsFor({ table: 'audit_events', group: 'Operations', sortBy: 'occurred_at' }).sort).toEqual({
      sortBy: 'occurred_at',
      direction: 'desc',
    });
  });
});

describe('bundleFolderFor', () => {
  it.each([
    ['/srv/supply-hub/data', '/srv/supply-hub/data/adminjs'],
    ['/work/main/.data', '/tmp/supply-hub-adminjs-1000'],
    ['/home/ops/.local/supply-hub', '/tmp/supply-hub-adminjs-1000'],
  ])(
    'puts the AdminJS bundle of DATA_DIR %s in %s (no dot segment, which Express 5 refuses to send)',
    (dataDir, expected) => {
      expect(bundleFolderFor(dataDir, '/tmp', 1000)).toBe(expected);
    },
  );
});

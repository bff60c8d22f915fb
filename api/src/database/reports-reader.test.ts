import { describe, expect, it } from '@jest/globals';

import { lsnValue, stalenessBound } from './reports-reader.js';

describe('lsnValue', () => {
  it('orders WAL positions as PostgreSQL does, across the 4 GB segment boundary', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });
});

describe('stalenessBound', () => {
  const sightings = [
    { lsn: 100n, at: 1_000 },
    { lsn: 200n, at: 2_000 },
    { lsn: 300n, at: 3_000 },
  ];

  it('is the time since the latest moment the primary stood at a position the replica has replayed', () => {
    expect(stalenessBound(250n, sightings, 3_500)).toBe(1.5);
    expect(stalenessBound(300n, sightings, 3_500)).toBe(0.5);
  });

  it('is unknown when the replica is behind every remembered position', () => {
    expect(stalenessBound(99n, sightings, 3_500)).toBeNull();
    expect(stalenessBound(99n, [], 3_500)).toBeNull();
  });
});

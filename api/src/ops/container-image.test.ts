import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { REPO_ROOT } from '../config.js';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');
/** The Dockerfile's stages by name, each from its FROM line to the next. */
const stages = Object.fromEntries(
  dockerfile
    .split(/^(?=FROM )/m)
    .filter((stage) => stage.startsWith('FROM '))
    .map((stage) => [/^FROM \S+ AS (\w+)/.exec(stage)?.[1] ?? '?', stage]),
);
/** Instructions with their continuation lines joined, comments left out. */
const instructions = (stage: string) =>
  stage
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));

// The npm ci the runtime stage runs: only the api workspace's production dependencies.
const RUNTIME_INSTALL = ['ci', '--omit=dev', '--workspace', 'api', '--include-workspace-root=false'];
const FRONTEND_ONLY_PACKAGES = ['react-admin', '@mui/material', 'vite', 'react-router-dom', 'ra-data-simple-rest'];

describe('the container image', () => {
  it('builds and runs on Node 22 LTS while the code still declares Node 20.19', () => {
    expect(Object.keys(stages)).toEqual(['build', 'runtime']);
    for (const stage of Object.values(stages)) expect(stage).toMatch(/^FROM node:22-bookworm-slim AS/);
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe('>=20.19');
  });

  it('installs only the API’s production dependencies in the runtime stage and copies the built frontends', () => {
    const runtime = instructions(stages.runtime!);
    const installs = runtime.filter((line) => /\bnpm (ci|install)\b/.test(line));
    expect(installs).toHaveLength(1);
    const words = installs[0]!.slice(installs[0]!.indexOf('npm ') + 4).split(/\s+/);
    expect(words).toEqual(expect.arrayContaining(RUNTIME_INSTALL));
    // No node_modules from the build stage, where every workspace's packages are.
    expect(runtime.filter((line) => line.startsWith('COPY --from=build')).map((line) => line.split(/\s+/)[2])).toEqual([
      '/app/api/dist',
      '/app/storefront/dist',
      '/app/backoffice/dist',
    ]);
  });

  it('probes liveness in the image and readiness in compose and at the proxy', () => {
    expect(instructions(stages.runtime!).find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health/live');
    expect(read('docker-compose.yml')).toContain("fetch('http://127.0.0.1:3000/api/health/ready')");
    const replicas = read('docker-compose.replicas.yml');
    expect(replicas).toContain("fetch('http://127.0.0.1:3000/api/health/ready')");
    expect(replicas).toMatch(/^ {2}app1:\n {4}<<: \*app$/m);
    expect(replicas).toMatch(/^ {2}app2:\n {4}<<: \*app$/m);
    expect(read('deploy/Caddyfile')).toMatch(/reverse_proxy app1:3000 app2:3000[\s\S]*health_uri \/api\/health\/ready/);
  });

  // A real install into a scratch folder: ~45 s and the package registry, so only when asked for
  // (SUPPLY_HUB_CHECK_IMAGE_INSTALL=1). Measured 2026-11-25: 737 packages, 381 MB of node_modules.
  const itWhenAsked = process.env.SUPPLY_HUB_CHECK_IMAGE_INSTALL === '1' ? it : it.skip;
  itWhenAsked(
    'that install succeeds from the lockfile and brings the API’s packages without the frontends’',
    () => {
      const scratch = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-image-'));
      try {
        for (const file of [
          'package.json',
          'package-lock.json',
          'api/package.json',
          'storefront/package.json',
          'backoffice/package.json',
        ]) {
          mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
          cpSync(path.join(REPO_ROOT, file), path.join(scratch, file));
        }
        const npm = spawnSync('npm', [...RUNTIME_INSTALL, '--no-audit', '--no-fund'], {
          cwd: scratch,
          encoding: 'utf8',
        });
        expect(npm.status).toBe(0);
        const installed = (name: string) => existsSync(path.join(scratch, 'node_modules', name, 'package.json'));
        for (const name of ['express', 'knex', 'pg', 'adminjs', 'argon2', 'cli-progress'])
          expect(installed(name)).toBe(true);
        for (const name of [...FRONTEND_ONLY_PACKAGES, 'jest', 'typescript', 'supertest']) {
          expect([name, installed(name)]).toEqual([name, false]);
        }
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    600_000,
  );
});

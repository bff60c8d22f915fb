import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { REPO_ROOT } from '../config.js';
import { JOBS } from '../jobs/registry.js';

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('the README a hospital IT person starts from', () => {
  it('opens with the two commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock.split('\n').map((line) => line.split('#')[0]!.trim())).toEqual([
      'npm install && npm start',
      'npm test',
      '',
    ]);
  });

  it('lists every job of the registry in its jobs table', () => {
    const section = readme.slice(readme.indexOf('## Scheduled jobs'), readme.indexOf('## Deployment'));
    const listed = [...section.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((match) => match[1]);
    expect(listed).toEqual(JOBS.map((job) => job.name));
  });

  it('shows screenshots that exist and stay small, and links documents that exist', () => {
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((match) => match[1]!);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images)
      expect([image, statSync(path.join(REPO_ROOT, image)).size < 200_000]).toEqual([image, true]);
    const links = [...readme.matchAll(/\]\(((?:docs)\/[^)#]*)\)/g)].map((match) => match[1]!);
    for (const link of links) expect([link, existsSync(path.join(REPO_ROOT, link))]).toEqual([link, true]);
    expect(links).toEqual(expect.arrayContaining(['docs/deploy.md', 'docs/operations.md']));
  });

  it('no longer calls the screens placeholders', () => {
    expect(readme).not.toMatch(/placeholder/i);
  });
});

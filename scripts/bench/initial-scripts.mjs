// The JavaScript a signed-in page loads before it is usable: Chromium opens the page, every script
// it fetches is recorded, and the gzip sizes of those files (from the build) are summed.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';

import { DEMO_PASSWORD } from './demo-session.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Signs `email` in, opens `pagePath` and waits for `waitUntilUsable(page)`; the time that took, and
 * the scripts fetched meanwhile (mapped to built files by `fileOf(urlPath)`) with their gzip size.
 */
export async function measureInitialScripts({ baseUrl, email, pagePath, waitUntilUsable, fileOf }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    const login = await context.request.post(`${baseUrl}/api/auth/login`, {
      data: { email, password: DEMO_PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`sign-in answered ${login.status()}`);
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    const started = performance.now();
    await page.goto(`${baseUrl}${pagePath}`);
    await waitUntilUsable(page);
    const usableMs = performance.now() - started;
    let gzipBytes = 0;
    for (const script of scripts) {
      const file = fileOf(script);
      if (existsSync(file)) gzipBytes += gzipSync(readFileSync(file)).length;
    }
    return { scripts: scripts.size, initialJsKb: gzipBytes / 1024, usableMs };
  } finally {
    await browser.close();
  }
}

import { test as base, expect } from '@playwright/test';

/** API answers a browser test did not ask for: a 404 or a server error from the portal itself. */
export interface ApiFailures {
  /** Declares failures of the real API this test causes on purpose (a record it deletes first). */
  allow(path: RegExp): void;
}

/**
 * Playwright's test, failing any test during which the portal's API answered 404 or 5xx
 * unexpectedly. A page can paint before such an answer arrives (the list's copy of a record, then
 * its own read fails and the page goes away), so a check of the screen alone can pass by being
 * quick; this one cannot.
 */
export const test = base.extend<{ apiFailures: ApiFailures }>({
  apiFailures: [
    async ({ context }, use) => {
      const allowed: RegExp[] = [];
      const checks: Promise<string | undefined>[] = [];
      context.on('response', (response) => {
        const url = new URL(response.url());
        const status = response.status();
        if (!url.pathname.startsWith('/api/') || (status !== 404 && status < 500)) return;
        if (allowed.some((path) => path.test(url.pathname))) return;
        // An answer the test stubbed with page.route comes from no server address: not the portal's.
        checks.push(
          response
            .serverAddr()
            .then((server) => (server ? `${response.request().method()} ${url.pathname} → ${status}` : undefined)),
        );
      });
      await use({ allow: (path) => allowed.push(path) });
      const failures = (await Promise.all(checks)).filter((failure) => failure !== undefined);
      expect(failures, 'API requests answered 404 or 5xx during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

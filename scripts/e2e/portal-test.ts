import { test as base, expect, type Response } from '@playwright/test';

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
    async ({ context, baseURL }, use) => {
      const allowed: RegExp[] = [];
      const checks: Promise<string | undefined>[] = [];
      const onResponse = (response: Response) => {
        const url = new URL(response.url());
        const status = response.status();
        if (url.origin !== new URL(baseURL ?? url.origin).origin || !url.pathname.startsWith('/api/')) return;
        if ((status !== 404 && status < 500) || allowed.some((path) => path.test(url.pathname))) return;
        const failure = `${response.request().method()} ${url.pathname} → ${status}`;
        // An answer the test stubbed with page.route comes from no server address: not the portal's.
        // A page closed meanwhile cannot say which it was: not counted rather than guessed.
        checks.push(
          response.serverAddr().then(
            (server) => (server ? failure : undefined),
            () => undefined,
          ),
        );
      };
      context.on('response', onResponse);
      await use({ allow: (path) => allowed.push(path) });
      context.off('response', onResponse);
      const failures = (await Promise.all(checks)).filter((failure) => failure !== undefined);
      expect(failures, 'API requests answered 404 or 5xx during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

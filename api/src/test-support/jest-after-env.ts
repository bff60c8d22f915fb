import { afterAll, jest } from '@jest/globals';

import { closeTestApps } from './http-test-app.js';

afterAll(closeTestApps);

// The integration tests share two cores with PostgreSQL, a replica and the browser tests' servers: a
// test that fails once under that load is run once more, as Playwright does, and its first failure
// is printed so the flake is seen and mended rather than hidden. Twice failed is a failure.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

import { afterAll } from '@jest/globals';

import { closeTestApps } from './http-test-app.js';

afterAll(closeTestApps);

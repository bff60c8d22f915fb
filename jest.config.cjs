/** Jest in ESM mode (NODE_OPTIONS=--experimental-vm-modules, set by `npm run test:jest`). */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  },
];

module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/api/src',
    '<rootDir>/migrations',
    '<rootDir>/storefront/src',
    '<rootDir>/backoffice/src',
    '<rootDir>/scripts',
  ],
  // The frontends' pure rules run here too (no browser); their screens are Playwright's.
  testMatch: [
    '<rootDir>/api/src/**/*.test.ts',
    '<rootDir>/migrations/**/*.test.ts',
    '<rootDir>/{storefront,backoffice}/src/**/*.rules.test.ts',
    // The benchmarks' own checks (the API floor answers what the server answers), over the real app.
    '<rootDir>/scripts/**/*.test.mjs',
  ],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/api/src/test-support/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/api/src/test-support/jest-global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/api/src/test-support/jest-after-env.ts'],
  maxWorkers: 2,
  testTimeout: 30000,
};

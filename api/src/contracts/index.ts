export * from './auth.js';
export * from './catalog.js';
export * from './errors.js';
export * from './health.js';
export * from './roles.js';
export * from './orders.js';

import { z } from 'zod';

import { ROLES } from './roles.rules.js';

// The pure part lives in roles.rules.ts, so a frontend can use it without loading zod.
export * from './roles.rules.js';

export const roleSchema = z.enum(ROLES);

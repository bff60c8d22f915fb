import { z } from 'zod';

import { emailSchema, PASSWORD_MIN_LENGTH } from '../../contracts/auth.js';
import { roleSchema } from '../../contracts/roles.js';

export { emailSchema };

export const createUserInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(256),
  firstName: z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  lastName: z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  roles: z.array(roleSchema).min(1, 'needs at least one role'),
  isApproved: z.boolean().default(false),
  department: z.string().trim().max(100).optional(),
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

import type { Express } from 'express';

import type { Role } from '../contracts/roles.rules.js';
import type { Db } from '../database/connection.js';
import { createTestUser, signedInAgent } from './http-test-app.js';

/**
 * Saves approval levels as an administrator does. A level that no active, approved user can approve
 * is refused, so an approved account of each role the levels name is made first.
 */
export async function saveApprovalLevels(
  app: Express,
  db: Db,
  levels: { threshold: number | string; roles: Role[] }[],
): Promise<void> {
  const roles = [...new Set(levels.flatMap((level) => level.roles))];
  await Promise.all(roles.map((role) => createTestUser(db, [role])));
  const { agent } = await signedInAgent(app, db, ['admin']);
  await agent.put('/api/admin/settings/approval-levels').send({ levels }).expect(200);
}

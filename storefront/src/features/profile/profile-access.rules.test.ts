import { describe, expect, it } from '@jest/globals';
import type { Role } from '@supply-hub/api/contracts/roles.rules';

import { canViewProfile } from './profile-access.rules';

describe('who may open the profile page', () => {
  it.each<[Role[], string, boolean]>([
    [['admin'], '', true],
    [['super_admin'], '', true],
    [['provider'], '', true],
    [['nurse'], '', true],
    [['doctor'], '', false],
    [['doctor'], '?from=okta', true],
    [['finance'], '?from=other', false],
  ])('%j with %j: %s', (roles, search, expected) => {
    expect(canViewProfile(roles, search)).toBe(expected);
  });
});

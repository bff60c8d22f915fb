/** Query keys of the signed-in user's own records. */
export const profileKeys = {
  all: ['me'] as const,
  profile: () => [...profileKeys.all, 'profile'] as const,
};

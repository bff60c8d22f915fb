/** The query keys of the caller's locations. */
export const locationKeys = {
  all: ['locations'] as const,
  mine: () => [...locationKeys.all, 'mine'] as const,
  one: (id: string) => [...locationKeys.all, 'one', id] as const,
  expiring: (id: string) => [...locationKeys.all, 'expiring', id] as const,
};

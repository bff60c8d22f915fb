import { useMemo } from 'react';

/**
 * The same object as long as each of its values is the same (Object.is), a new one when any changes:
 * a context value whose consumers re-render only on a real change, without listing every field twice
 * (once in the object, once as dependencies). Call it with an object literal, so its keys never change.
 */
export function useMemoObject<T extends object>(value: T): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the dependencies are the object's own values, the same keys in the same order on every render
  return useMemo(() => value, Object.values(value));
}

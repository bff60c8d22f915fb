import { useCallback, useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';

/** Sets one filter of the list, or drops it when empty (or false). */
export type FilterSetter = (name: string, value: string | true | undefined) => void;

/**
 * react-admin replaces the whole filter on each change and applies it on the next tick, so two
 * quick changes from values read at render time undo each other (a tab, then a department). This
 * setter builds each change on the latest filter it asked for; call it once per list and share it.
 */
export function useListFilterSetter(): FilterSetter {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const latest = useRef<Record<string, unknown>>(filterValues);
  useEffect(() => {
    latest.current = filterValues;
  }, [filterValues]);
  return useCallback(
    (name, value) => {
      const { [name]: _dropped, ...others } = latest.current;
      const next = value ? { ...others, [name]: value } : others;
      latest.current = next;
      setFilters(next, displayedFilters, false);
    },
    [displayedFilters, setFilters],
  );
}

import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `initial` at first, then `step` more in each following
 * task, each step a transition that React renders in slices of a few milliseconds. A long list then
 * renders without long tasks, and its first items show sooner. The count only grows, so later
 * changes of the list render in one go.
 */
export function useProgressiveCount(total: number, step: number, initial = step): number {
  const [count, setCount] = useState(initial);
  const isComplete = count >= total;
  useEffect(() => {
    if (isComplete) return;
    const timer = window.setTimeout(() => startTransition(() => setCount((previous) => previous + step)), 0);
    return () => window.clearTimeout(timer);
  }, [isComplete, count, step]);
  return Math.min(count, total);
}

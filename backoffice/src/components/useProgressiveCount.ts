import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `step` at first, then `step` more in each following
 * task. A long list then renders as several short tasks instead of one long one, and its first
 * items show sooner. The count only grows, so later changes of the list render in one go.
 */
export function useProgressiveCount(total: number, step: number): number {
  const [count, setCount] = useState(step);
  const isComplete = count >= total;
  useEffect(() => {
    if (isComplete) return;
    const timer = window.setTimeout(() => setCount((previous) => previous + step), 0);
    return () => window.clearTimeout(timer);
  }, [isComplete, count, step]);
  return Math.min(count, total);
}

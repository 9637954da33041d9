import { useEffect, useState } from 'react';

/** The browser's next idle moment (Safari has no requestIdleCallback: a short timer there). */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * True from the first idle moment after `ready`: for work the first screen can do without, such as
 * the map, which measures the page as it starts and so is cheap only once the page has been laid out
 * and painted (docs/performance.md, The driver's first screen).
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (ready && !idle) return whenIdle(() => setIdle(true));
  }, [ready, idle]);
  return idle;
}

import { useEffect, useState } from 'react';

/** How long typing must pause before a search goes to the server. */
export const TYPING_PAUSE_MS = 300;

/** `value` once it has stopped changing for `ms`: typing asks the server once per pause, not per key. */
export function useDebounced<T>(value: T, ms = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

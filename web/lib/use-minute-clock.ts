import { useEffect, useState } from 'react';

/** Re-renders every minute, for remaining-time and duration displays (spec 4). */
export function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

import { useEffect, useState } from 'react';
import { shiftYardDay, yardDayOf, yardDayStart, type YardDay } from '@openyard/contracts';

// The yard's today, which turns at the yard's midnight on a screen left open (a control room's).
export function useYardToday(timeZone: string | undefined): YardDay {
  const [now, setNow] = useState(() => Date.now());
  const today = yardDayOf(now, timeZone);
  useEffect(() => {
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.max(1000, yardDayStart(shiftYardDay(today, { days: 1 }), timeZone) - Date.now() + 50),
    );
    return () => clearTimeout(timer);
  }, [today, timeZone]);
  return today;
}

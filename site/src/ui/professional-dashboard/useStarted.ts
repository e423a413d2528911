import { useEffect, useState } from 'react';
import { startMs } from '../../../../contract/dates.ts';
import { serverNow } from '../../stores/bookings.ts';

/** Longest wait setTimeout takes (about 24.8 days); a later start is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether the job's start has passed on the server's clock; turns true by itself when it does. */
export function useStarted(date: string, time: string): boolean {
  const start = startMs(date, time);
  const [started, setStarted] = useState(() => serverNow() >= start);
  useEffect(() => {
    if (serverNow() >= start) {
      setStarted(true);
      return;
    }
    setStarted(false);
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = start - serverNow();
      if (left <= 0) setStarted(true);
      else timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
    };
    wait();
    return () => clearTimeout(timer);
  }, [start]);
  return started;
}

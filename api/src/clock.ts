import { addTime } from '../../contract/dates.ts';
/** Time comes from here so tests can move it (ARCHITECTURE.md "Logging": time comes from an injected clock). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date): Clock & { set(d: Date): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = addTime(current, { ms });
    },
  };
}

/** The system clock shifted by an offset that tests can move and put back (only ever built when NODE_ENV=test). */
export function offsetClock(): Clock & { advance(ms: number): void; reset(): void; offsetMs(): number } {
  let offset = 0;
  return {
    now: () => addTime(new Date(), { ms: offset }),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}

// Time comes from an injected clock so the test clock, the scheduler and the tests agree on "now".
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock {
  const t = typeof at === "string" ? new Date(at) : at;
  return { now: () => new Date(t.getTime()) };
}

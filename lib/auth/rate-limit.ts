// Fixed-window counters kept in memory: enough for one server process (the product runs as one).
export class WindowLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the caller is over the limit. */
  take(key: string, now = Date.now()): boolean {
    if (this.limit <= 0) return true;
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= this.limit;
  }

  retryAfterSeconds(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    return w ? Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) : 1;
  }
}

export const loginLimiter = new WindowLimiter(10, 60_000);

/** Requests per minute per caller on /api; RATE_LIMIT_PER_MINUTE=0 disables it (benchmarks). */
export const apiLimiter = new WindowLimiter(Number(process.env.RATE_LIMIT_PER_MINUTE ?? 1200), 60_000);

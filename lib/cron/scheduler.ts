// In-process scheduler: every SCHEDULER_INTERVAL_MS (default one minute) it runs each job once, never
// overlapping itself. On PostgreSQL each job run holds an advisory lock named after the job, so with N
// instances at most one runs a given job at a time; the others skip it that round.
// SCHEDULER=off leaves the work to an external cron calling /api/cron/*.
import { getDatabase } from "@/lib/db";
import { log } from "@/lib/http/log";
import { runLocked, type Job } from "./job";

const g = globalThis as unknown as { __hbScheduler?: { timer: NodeJS.Timeout; first: NodeJS.Timeout; running: Promise<void> | null } };

/** Runs one job under its cluster-wide lock; null when another instance is running it. */
export async function runJobLocked(job: Job, ctx: Parameters<Job["run"]>[0]): Promise<number | null> {
  return runLocked(job, ctx);
}

export async function runJobsOnce(jobs: Job[], now = new Date()): Promise<Record<string, number | null>> {
  const database = await getDatabase();
  const out: Record<string, number | null> = {};
  for (const job of jobs) {
    try {
      out[job.name] = await runJobLocked(job, { database, now, log });
      if ((out[job.name] ?? 0) > 0) log.info("job_done", { job: job.name, processed: out[job.name] });
    } catch (e) {
      log.error("job_failed", { job: job.name, message: String((e as Error)?.message ?? e).split("\n")[0].slice(0, 200) });
    }
  }
  return out;
}

export function schedulerIntervalMs(): number {
  const n = Number(process.env.SCHEDULER_INTERVAL_MS ?? 60_000);
  return Number.isFinite(n) && n >= 1000 ? n : 60_000;
}

export function startScheduler(jobs: Job[], intervalMs = schedulerIntervalMs()) {
  if (g.__hbScheduler) return;
  const state = { running: null as Promise<void> | null, timer: undefined as unknown as NodeJS.Timeout, first: undefined as unknown as NodeJS.Timeout };
  const tick = () => {
    if (state.running) return;
    state.running = runJobsOnce(jobs)
      .then(() => undefined)
      .finally(() => {
        state.running = null;
      });
  };
  state.timer = setInterval(tick, intervalMs);
  state.timer.unref?.();
  state.first = setTimeout(tick, Math.min(5_000, intervalMs));
  state.first.unref?.();
  g.__hbScheduler = state;
}

/** Stops ticking and waits (up to `waitMs`) for a run in progress to finish. */
export async function stopScheduler(waitMs = 0): Promise<void> {
  const s = g.__hbScheduler;
  g.__hbScheduler = undefined;
  if (!s) return;
  clearInterval(s.timer);
  clearTimeout(s.first);
  if (s.running && waitMs > 0) await Promise.race([s.running, new Promise((r) => setTimeout(r, waitMs).unref?.())]);
}

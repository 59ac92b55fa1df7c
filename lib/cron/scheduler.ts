// In-process scheduler: every minute it runs each job once, never overlapping itself.
// SCHEDULER=off leaves the work to an external cron calling /api/cron/*.
import { getDatabase } from "@/lib/db";
import { log } from "@/lib/http/log";
import type { Job } from "./job";

const g = globalThis as unknown as { __hbScheduler?: NodeJS.Timeout };

export async function runJobsOnce(jobs: Job[], now = new Date()): Promise<Record<string, number>> {
  const database = await getDatabase();
  const out: Record<string, number> = {};
  for (const job of jobs) {
    try {
      out[job.name] = await job.run({ db: database.prisma, database, now, log });
      if (out[job.name] > 0) log.info("job_done", { job: job.name, processed: out[job.name] });
    } catch (e) {
      log.error("job_failed", { job: job.name, message: String((e as Error)?.message ?? e).split("\n")[0].slice(0, 200) });
    }
  }
  return out;
}

export function startScheduler(jobs: Job[], intervalMs = 60_000) {
  if (g.__hbScheduler) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runJobsOnce(jobs);
    } finally {
      running = false;
    }
  };
  g.__hbScheduler = setInterval(tick, intervalMs);
  g.__hbScheduler.unref?.();
  setTimeout(tick, 5_000).unref?.();
}

export function stopScheduler() {
  if (g.__hbScheduler) clearInterval(g.__hbScheduler);
  g.__hbScheduler = undefined;
}

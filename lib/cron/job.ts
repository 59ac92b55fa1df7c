// Scheduled work (docs/decisions.md 9.1). A job does everything due at `now` and returns how many items
// it processed; it must be safe to run twice at once (claim rows with conditional updates or SKIP LOCKED).
import { z } from "zod";
import type { Database } from "@/lib/db/open";
import { defineRoute, type AnyRoute } from "@/lib/http/route";
import { badRequest } from "@/lib/http/errors";
import { DomainError } from "@/lib/domain/errors";
import { config } from "@/lib/config";
import type { Logger } from "@/lib/http/log";
import { recordJobRun } from "@/lib/metrics/registry";

export interface JobContext {
  database: Database;
  now: Date;
  log: Logger;
}

export interface Job {
  name: string;
  summary: string;
  run(ctx: JobContext): Promise<number>;
}

const MARK_STARTED = `INSERT INTO job_runs (name, last_started_at) VALUES ($1, now()) ON CONFLICT (name) DO UPDATE SET last_started_at = now()`;
const MARK_DONE = `UPDATE job_runs SET last_finished_at = now(), last_success_at = CASE WHEN $2::text IS NULL THEN now() ELSE last_success_at END,
  last_error = $2::text, failures = CASE WHEN $2::text IS NULL THEN 0 ELSE failures + 1 END WHERE name = $1`;

/**
 * Runs `job` under its cluster-wide lock (null when another instance holds it), and records the run: in
 * job_runs for the whole cluster (a job's lag on /api/metrics) and in this instance's metrics. Recording never
 * fails the job. Used by the in-process scheduler and by POST /api/cron/{name}.
 */
export async function runLocked(job: Job, ctx: JobContext): Promise<number | null> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const note = (sql: string, params: unknown[]) => ctx.database.sql.query(sql, params).catch(() => undefined);
  let r: { ran: true; value: number } | { ran: false };
  try {
    r = await ctx.database.withLock(`job:${job.name}`, async () => {
      await note(MARK_STARTED, [job.name]);
      try {
        const n = await job.run(ctx);
        await note(MARK_DONE, [job.name, null]);
        return n;
      } catch (e) {
        // A rule that refused (lib/domain/errors.ts) is recorded with its code; anything else with its first line.
        const why = e instanceof DomainError ? `${e.code}: ${e.detail}` : String((e as Error)?.message ?? e).split("\n")[0];
        await note(MARK_DONE, [job.name, why.slice(0, 200)]);
        throw e;
      }
    });
  } catch (e) {
    recordJobRun(job.name, "failed", seconds());
    throw e;
  }
  recordJobRun(job.name, r.ran ? "ok" : "skipped", seconds());
  return r.ran ? r.value : null;
}

export const cronBody = z
  .object({
    now: z.iso.datetime({ offset: true, error: "debe ser una fecha-hora ISO 8601 (p. ej. 2026-12-01T05:00:00Z)" }).optional(),
  })
  .optional();

export const cronResult = z.object({ processed: z.number().int() });

export function cronRoute(job: Job): AnyRoute {
  return defineRoute({
    method: "POST",
    path: `/cron/${job.name}`,
    access: "cron",
    summary: job.summary,
    tags: ["Tareas programadas"],
    description: "Requiere `Authorization: Bearer $CRON_SECRET`. Con `TEST_CLOCK=1` acepta `{now}` para ejecutar lo que vence en ese instante.",
    body: cronBody,
    optionalBody: true,
    responses: [{ status: 200, description: "Trabajo realizado", schema: cronResult }],
    async handler({ body, database, clock, log }) {
      let now = clock.now();
      if (body?.now !== undefined) {
        if (!config().testClock) throw badRequest("now: solo se acepta con TEST_CLOCK=1");
        now = new Date(body.now);
      }
      // The same cluster-wide lock as the in-process scheduler: an external cron and N instances never overlap.
      return { processed: (await runLocked(job, { database, now, log })) ?? 0 };
    },
  });
}

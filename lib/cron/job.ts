// Scheduled work (docs/decisions.md 9.1). A job does everything due at `now` and returns how many items
// it processed; it must be safe to run twice at once (claim rows with conditional updates or SKIP LOCKED).
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db/open";
import { defineRoute, type AnyRoute } from "@/lib/http/route";
import { badRequest } from "@/lib/http/errors";
import { config } from "@/lib/config";
import type { Logger } from "@/lib/http/log";

export interface JobContext {
  db: PrismaClient;
  database: Database;
  now: Date;
  log: Logger;
}

export interface Job {
  name: string;
  summary: string;
  run(ctx: JobContext): Promise<number>;
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
    async handler({ body, db, database, clock, log }) {
      let now = clock.now();
      if (body?.now !== undefined) {
        if (!config().testClock) throw badRequest("now: solo se acepta con TEST_CLOCK=1");
        now = new Date(body.now);
      }
      // The same cluster-wide lock as the in-process scheduler: an external cron and N instances never overlap.
      const r = await database.withLock(`job:${job.name}`, () => job.run({ db, database, now, log }));
      return { processed: r.ran ? r.value : 0 };
    },
  });
}

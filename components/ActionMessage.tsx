"use client";
// The outcome of an action on a list (a user added, deactivated, a key issued): `run(action, done)` clears the
// last message, runs the action, says `done` or the API's reason, and reloads the list's query.
// <ActionMessage> shows it: a status when it went well, an alert when it did not.
import { useState } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "@/lib/client/api";

export type Outcome = { ok: boolean; text: string };

export function useRun(key: QueryKey) {
  const qc = useQueryClient();
  const [msg, setMsg] = useState<Outcome | null>(null);
  /** `failure` turns an error into the text to show (null: already shown, on the form's fields); by default the API's detail. */
  async function run(action: () => Promise<unknown>, done?: string, failure?: (e: unknown) => string | null | undefined) {
    setMsg(null);
    try {
      await action();
      if (done) setMsg({ ok: true, text: done });
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      const text = failure ? failure(e) : e instanceof ApiError ? e.detail : String(e);
      if (text) setMsg({ ok: false, text });
    }
  }
  return { msg, run };
}

export function ActionMessage({ msg, className = "" }: { msg: Outcome | null; className?: string }) {
  if (!msg) return null;
  return (
    <p className={`rounded-md px-3 py-2 text-sm ${msg.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"} ${className}`} role={msg.ok ? "status" : "alert"}>
      {msg.text}
    </p>
  );
}

"use client";
import { useNow } from "@/app/_client/use-now";

/** The time left until `deadline`, ticking every second ("5h 03m 09s"); null until mounted or without a deadline. */
export function useCountdown(deadline: string | undefined) {
  const now = useNow(1000);
  if (!deadline || now === null) return null;
  const ms = new Date(deadline).getTime() - now;
  if (ms <= 0) return { overdue: true, text: "" };
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return { overdue: false, text: `${h}h ${String(m).padStart(2, "0")}m ${String(sec).padStart(2, "0")}s` };
}

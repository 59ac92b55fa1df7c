"use client";
import { useEffect, useRef } from "react";

/** How often a page asks what became of a payment the payer approves elsewhere (Nequi's app). */
export const PAYMENT_POLL_MS = 2000;

/**
 * While `waitingFor` is set, asks `ask` every `everyMs` until it answers something other than `undefined`, then
 * hands that to `onOutcome` once and stops. A failed ask (no network) is asked again; a change of `waitingFor`
 * (or leaving the page) stops the old round. The callbacks are read fresh on every round, so a parent's new
 * closures never restart the timer.
 */
export function usePoll<T>(waitingFor: string | null, ask: (id: string) => Promise<T | undefined>, onOutcome: (outcome: T) => void, everyMs = PAYMENT_POLL_MS) {
  const latest = useRef({ ask, onOutcome });
  useEffect(() => {
    latest.current = { ask, onOutcome };
  });
  useEffect(() => {
    if (!waitingFor) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const round = async () => {
      try {
        const outcome = await latest.current.ask(waitingFor);
        if (stopped) return;
        if (outcome !== undefined) return latest.current.onOutcome(outcome);
      } catch {
        // No answer this time: asked again below.
      }
      if (!stopped) timer = setTimeout(round, everyMs);
    };
    timer = setTimeout(round, everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waitingFor, everyMs]);
}

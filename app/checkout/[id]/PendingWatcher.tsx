"use client";
// While a PSE order is pending, the page asks again every few seconds (the server asks Wompi and reads our record);
// after a few minutes it stops and offers a button. The state is always written on the page and announced.
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";

const EVERY_MS = 4000;
const FOR_MS = 3 * 60_000;

export function PendingWatcher({ waiting, stillPending, refresh }: { waiting: string; stillPending: string; refresh: string }) {
  const router = useRouter();
  const [gaveUp, setGaveUp] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= FOR_MS) {
        clearInterval(timer);
        setGaveUp(true);
        return;
      }
      router.refresh();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [router, round]);

  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status" aria-live="polite" data-testid="checkout-waiting" data-state={gaveUp ? "stopped" : "polling"}>
      {gaveUp ? (
        <div className="space-y-2">
          <p>{stillPending}</p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              router.refresh();
              setGaveUp(false);
              setRound((r) => r + 1);
            }}
          >
            {refresh}
          </button>
        </div>
      ) : (
        <p className="flex items-center gap-2">
          <span className="inline-block h-3 w-3 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
          {waiting}
        </p>
      )}
    </div>
  );
}

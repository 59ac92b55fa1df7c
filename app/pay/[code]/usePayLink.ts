"use client";
// The guest's payment: sent once per submission (one Idempotency-Key, the same on a retry), its outcome shown and
// announced, the focus moved to what to do next, and a Nequi payment waited for until the guest answers in the app.
import { useEffect, useRef, useState } from "react";
import type { MethodResponse } from "openapi-fetch";
import { api, ok, ApiError, useSubmissionKey, type ApiBody, type SubmissionKey } from "@/lib/client/api";
import { apiErrorText } from "@/components/Form";
import { useDict } from "@/lib/i18n/client";
import { payMessages } from "@/lib/links/pay-messages";
import { formatPhone } from "@/lib/format";
import { usePoll } from "@/app/_client/use-poll";

/** A Nequi payment waiting for the guest's answer in the app. */
export type NequiWait = { transactionId: string; phone: string };
/** The answer as the typed client gives it (its `data`; ApiAnswer would keep the pending answer's null-only fields, which the client drops). */
export type PayAnswer = MethodResponse<typeof api, "post", "/v2/links/{code}/pay">;
/** A card payment's answer: approved or declined with a voucher, or pending while the gateway confirms. */
export type CardResult = Extract<PayAnswer, { status: string }>;
export type PayBody = ApiBody<"/v2/links/{code}/pay">;
export type PayLink = ReturnType<typeof usePayLink>;

export function usePayLink(code: string, amount: string, nequiPending: NequiWait | null) {
  const t = useDict(payMessages);
  const [waiting, setWaiting] = useState<NequiWait | null>(nequiPending);
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CardResult | null>(null);
  // What screen readers are told: written into a live region that is on the page from the start.
  const [announce, setAnnounce] = useState("");
  const { markRetry, ...refs } = useOutcomeFocus(result, error);

  /** A card answer is shown (or followed to the agency's redirect); a cash or PSE order opens its checkout page. */
  function settle(r: PayAnswer) {
    if ("checkout_url" in r) return window.location.assign(r.checkout_url);
    setResult(r);
    setAnnounce(r.status === "approved" ? `${t("approved")} ${t("approvedHint")}` : r.status === "pending" ? `${t("cardPending")} ${t("cardPendingHint")}` : `${t("declined")} ${r.detail ?? t("declinedHint")}`);
    if (r.status !== "pending" && r.redirect_url) window.location.assign(r.redirect_url);
  }

  function fail(err: unknown) {
    setError(apiErrorText(err));
    setAnnounce(apiErrorText(err));
  }

  /**
   * Sends one payment. `keyOf` names the submission (a retry of the same values reuses its key, and `build` its
   * body); `leaving` keeps the button disabled after the answer, for a page that is about to open another.
   */
  async function send(keyOf: unknown, build: (s: SubmissionKey) => PayBody | Promise<PayBody>, onAnswer: (r: PayAnswer) => void = settle, leaving = false) {
    setBusy(true);
    setError(null);
    try {
      const body = await build(submission);
      const r = await ok(api.POST("/v2/links/{code}/pay", { params: { path: { code }, header: { "Idempotency-Key": submission.key(keyOf) } }, body }));
      submission.done();
      onAnswer(r);
      if (!leaving) setBusy(false);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      fail(err);
      setBusy(false);
    }
  }

  /** Nequi answered "pending": wait for the guest's answer in the app. */
  function waitForNequi(transactionId: string, phone: string) {
    setWaiting({ transactionId, phone });
    setAnnounce(`${t("nequi.waiting")} ${t("nequi.waitingHint", { phone: formatPhone(phone), amount })}`);
  }

  useNequiOutcome(code, waiting, refs.resultRef, (outcome) => {
    setWaiting(null);
    if ("answer" in outcome) settle(outcome.answer);
    else setError(apiErrorText(outcome.gone));
  });

  /** "Intentar de nuevo" after a decline: the card form again, the focus on its number. */
  function retry() {
    markRetry();
    setResult(null);
    setAnnounce("");
  }

  return { waiting, busy, error, setError, result, announce, send, settle, waitForNequi, retry, refs };
}

/** After a decline the focus goes to "Intentar de nuevo"; after an approval or an error, to the message; after a retry, to the card number. */
function useOutcomeFocus(result: CardResult | null, error: string | null) {
  const retrying = useRef(false);
  const retryRef = useRef<HTMLButtonElement | null>(null);
  const resultRef = useRef<HTMLDivElement | null>(null);
  const errorRef = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    if (result && result.status !== "approved" && result.status !== "pending") retryRef.current?.focus();
    else if (result) resultRef.current?.focus();
    else if (error) errorRef.current?.focus();
    else if (retrying.current) document.getElementById("number")?.focus();
    retrying.current = false;
  }, [result, error]);
  /** Before the card form comes back: the number will get the focus. */
  const markRetry = () => {
    retrying.current = true;
  };
  return { markRetry, retryRef, resultRef, errorRef };
}

/**
 * While the guest decides in the Nequi app, the page asks for the outcome (usePoll); the answer is shown and
 * announced like a card's. A lost answer (network) is asked again; the payment is never sent twice.
 */
function useNequiOutcome(code: string, waiting: NequiWait | null, focusRef: React.RefObject<HTMLDivElement | null>, onOutcome: (o: { answer: PayAnswer } | { gone: ApiError }) => void) {
  useEffect(() => {
    if (waiting) focusRef.current?.focus();
  }, [waiting, focusRef]);
  usePoll(
    waiting?.transactionId ?? null,
    async (transactionId) => {
      const res = await api.GET("/v2/links/{code}/payments/{transaction_id}", { params: { path: { code, transaction_id: transactionId } } });
      if (res.data && "status" in res.data && res.data.status !== "pending") return { answer: res.data as PayAnswer };
      if (res.response.status === 404) {
        const body = res.error as { detail?: string } | undefined;
        return { gone: new ApiError(404, body?.detail ?? "", body) };
      }
      return undefined;
    },
    onOutcome,
  );
}

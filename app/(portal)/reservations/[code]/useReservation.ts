"use client";
// The reservation detail's data and actions: read, edit the guest, cancel, pay from the agency's balance.
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, useSubmissionKey, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { humanizeDetail } from "@/lib/format";

export type Reservation = ApiAnswer<"/v2/bookings/chatbot/{booking_id}">;
export type GuestFields = Record<"firstName" | "lastName" | "email" | "telephone", string>;
/** The action the agent is asked to confirm in the dialog. */
export type Asking = "cancel" | "balance" | null;

export function useReservation(code: string) {
  return useQuery({
    queryKey: ["reservation", code],
    queryFn: ({ signal }) => ok(api.GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } }, signal })),
  });
}

export type ReservationActions = ReturnType<typeof useReservationActions>;

export function useReservationActions(code: string) {
  const t = useDict(reservationMessages);
  const qc = useQueryClient();
  const submission = useSubmissionKey();
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const path = { booking_id: code };
  const refresh = () => qc.invalidateQueries({ queryKey: ["reservation", code] });
  const failed = (err: unknown) => setMsg({ ok: false, text: err instanceof ApiError ? humanizeDetail(err.detail) : t("detail.failed") });

  /** Saves the guest's details; the API's refusal is returned for the form to place under its fields. */
  async function save(reservation: GuestFields): Promise<unknown> {
    try {
      await ok(api.PUT("/v2/bookings/chatbot/{booking_id}", { params: { path }, body: { reservation } }));
    } catch (err) {
      return err;
    }
    setMsg({ ok: true, text: t("detail.saved") });
    setEditing(false);
    await refresh();
    return null;
  }

  async function cancel() {
    await ok(api.POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path } }));
  }

  async function payFromBalance(amountDue: number) {
    // One Idempotency-Key per payment: a retry after a lost answer is the same payment, not a second one.
    const values = { code, amountDue };
    try {
      await ok(api.POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path, header: { "Idempotency-Key": submission.key(values) } } }));
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      throw err;
    }
    submission.done();
    setMsg({ ok: true, text: t("detail.paidFromBalance") });
  }

  /** Runs the action the dialog asked about, then closes the dialog and shows the reservation as it is now. */
  async function confirm(amountDue: number) {
    setBusy(true);
    try {
      if (asking === "cancel") await cancel();
      else if (asking === "balance") await payFromBalance(amountDue);
      await refresh();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return { msg, editing, setEditing, asking, setAsking, busy, save, confirm };
}

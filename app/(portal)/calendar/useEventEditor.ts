"use client";
// The event form's state and what it does: the fields, the image upload, save (create or update) and trash.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useDict } from "@/lib/i18n/client";
import { wpFetch, type WpEvent } from "@/app/_client/calendar";
import { messages } from "./messages";
import { eventBody, fromEvent, type FormState } from "./event-form-state";

/** Every list the calendar pages read (events, venues, organizers, categories, tags, one event). */
const calendarQueries = { predicate: (q: { queryKey: readonly unknown[] }) => String(q.queryKey[0]).startsWith("calendar-") };

export function useEventEditor({ id, initial, created }: { id?: number; initial: FormState; created: boolean }) {
  const t = useDict(messages);
  const router = useRouter();
  const qc = useQueryClient();
  const [f, setF] = useState<FormState>(initial);
  const [busy, setBusy] = useState(false);
  const [askTrash, setAskTrash] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new event lands here with ?created=1: say it was saved.
  const [notice, setNotice] = useState<string | null>(created ? t("form.created") : null);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((s) => ({ ...s, [k]: v }));
  const failed = (e: unknown) => setError(t("form.error", { msg: (e as Error).message }));

  async function upload(file: File) {
    setUploading(true);
    setError(null);
    try {
      const res = await fetch(`/media/calendar?filename=${encodeURIComponent(file.name)}`, {
        method: "POST",
        body: file,
        headers: { "content-type": file.type || "application/octet-stream" },
        credentials: "same-origin",
      });
      const body = await res.json();
      if (!res.ok) throw new Error(body.detail ?? body.message);
      set("image", { id: body.id, url: body.url });
    } catch (e) {
      failed(e);
    } finally {
      setUploading(false);
    }
  }

  /**
   * Saves the event. The calendar's lists are marked stale and refetched in the background (not awaited: the
   * answer is what the person waits for, a new venue or tag shows up in the lists a moment later).
   */
  async function save(ev: React.FormEvent) {
    ev.preventDefault();
    setError(null);
    setNotice(null);
    const body = eventBody(f);
    if (typeof body === "string") return setError(t(body));
    setBusy(true);
    try {
      const saved = await wpFetch<WpEvent>(id ? `/events/${id}` : "/events", { method: "POST", body });
      void qc.invalidateQueries(calendarQueries);
      if (id) {
        setF(fromEvent(saved));
        setNotice(t("form.saved"));
      } else router.push(`/calendar/${saved.id}?created=1`);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  async function trash() {
    if (!id) return;
    setBusy(true);
    try {
      await wpFetch(`/events/${id}`, { method: "DELETE" });
      void qc.invalidateQueries(calendarQueries);
      router.push("/calendar");
    } catch (e) {
      failed(e);
      setBusy(false);
      setAskTrash(false);
    }
  }

  return { f, set, busy, uploading, error, notice, askTrash, setAskTrash, upload, save, trash };
}
export type EventEditor = ReturnType<typeof useEventEditor>;

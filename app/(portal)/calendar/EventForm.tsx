"use client";
// The event form: create or edit one event. Its parts: useEventEditor.ts (state, upload, save, trash),
// EventFields.tsx (main column), EventSidePanel.tsx (status, flags, terms, image).
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useDict } from "@/lib/i18n/client";
import { FormMessages, PageHeader } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { wpFetch, wpFetchAll, type WpEvent, type WpTerm } from "@/app/_client/calendar";
import { messages } from "./messages";
import { defaults, fromEvent, type FormState } from "./event-form-state";
import { EventSidePanel } from "./EventSidePanel";
import { StatusBadges } from "./CalendarView";
import { EventTextFields, EventWhenFields, EventWhereFields } from "./EventFields";
import { useEventEditor } from "./useEventEditor";

export function EventForm({ id, created = false, day }: { id?: number; created?: boolean; day?: string }) {
  const t = useDict(messages);
  const event = useQuery({ queryKey: ["calendar-event", id], enabled: id !== undefined, queryFn: () => wpFetch<WpEvent>(`/events/${id}?context=edit`) });
  if (id === undefined) return <EventFormInner initial={defaults(day)} />;
  if (event.isError) return <p className="rounded-md bg-red-50 p-3 text-sm text-red-700">{(event.error as Error).message}</p>;
  if (!event.data) return <p className="text-sm text-slate-500">{t("loading")}</p>;
  return <EventFormInner key={event.data.id} id={id} event={event.data} initial={fromEvent(event.data)} created={created} />;
}

function EventFormInner({ id, event, initial, created = false }: { id?: number; event?: WpEvent; initial: FormState; created?: boolean }) {
  const t = useDict(messages);
  const { f, set, busy, uploading, error, notice, askTrash, setAskTrash, upload, save, trash } = useEventEditor({ id, initial, created });
  const categories = useQuery({ queryKey: ["calendar-categories"], queryFn: () => wpFetchAll<WpTerm>("/categories?hide_empty=false", "categories") });
  const tags = useQuery({ queryKey: ["calendar-tags"], queryFn: () => wpFetchAll<WpTerm>("/tags?hide_empty=false", "tags") });
  return (
    <form onSubmit={save} className="mx-auto max-w-4xl">
      <PageHeader
        title={id ? t("form.editTitle") : t("form.newTitle")}
        actions={
          <>
            {event && <StatusBadges e={event} />}
            <Link href="/calendar" className="btn-secondary">
              {t("form.back")}
            </Link>
          </>
        }
      />
      <div className="mb-4 space-y-2 empty:hidden">
        <FormMessages error={error} notice={notice} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <EventTextFields f={f} set={set} />
          <EventWhenFields f={f} set={set} />
          <EventWhereFields f={f} set={set} />
        </div>
        <EventSidePanel f={f} set={set} categories={categories.data ?? []} tags={tags.data ?? []} uploading={uploading} upload={upload} />
      </div>
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <button type="submit" className="btn-primary" disabled={busy || uploading}>
          {busy ? t("form.saving") : t("form.save")}
        </button>
        {notice && (
          <span className="text-sm font-medium text-emerald-700" data-testid="event-saved">
            ✓ {notice}
          </span>
        )}
        {id && (
          <button type="button" className="btn-danger" onClick={() => setAskTrash(true)} disabled={busy}>
            {t("form.delete")}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={askTrash}
        title={t("form.confirmDelete")}
        body={t("form.confirmDeleteBody", { title: f.title.trim() })}
        confirmLabel={t("form.delete")}
        cancelLabel={t("linked.cancel")}
        danger
        busy={busy}
        onCancel={() => setAskTrash(false)}
        onConfirm={() => void trash()}
      />
    </form>
  );
}

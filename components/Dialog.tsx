"use client";
// The one dialog of the portal: the native <dialog> opened with showModal(), so the browser centres it, traps
// focus inside and closes it on Escape; `m-auto` restores the centring that Tailwind's reset removes.
// On close the focus goes back to what opened it: `returnFocus` when given (an opener that was disabled while
// the dialog was being prepared cannot hold the focus itself), else the element focused when it opened, or, when
// that is gone (it belonged to what was deleted), the heading of its section.
import { useEffect, useId, useRef, useState } from "react";

export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  size = "md",
  returnFocus,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
  size?: "sm" | "md" | "lg";
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const fallback = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      fallback.current = headingNear(opener.current);
      d.showModal();
    }
    if (!open && d.open) {
      d.close();
      const back = returnFocus?.current ?? (opener.current instanceof HTMLElement && opener.current !== document.body ? opener.current : null);
      if (back?.isConnected) back.focus();
      // The opener went with what the dialog deleted (a photo, a row): the heading of its section takes the focus, not <body>.
      else if (fallback.current?.isConnected) {
        if (!fallback.current.hasAttribute("tabindex")) fallback.current.setAttribute("tabindex", "-1");
        fallback.current.focus();
      }
    }
  }, [open, returnFocus]);
  const width = size === "sm" ? "w-[min(92vw,24rem)]" : size === "lg" ? "w-[min(94vw,44rem)]" : "w-[min(92vw,30rem)]";
  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto ${width} max-h-[90vh] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50`}
      aria-labelledby={titleId}
    >
      <div className="flex max-h-[90vh] flex-col">
        <h2 id={titleId} className="px-5 pt-5 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="overflow-y-auto px-5 pt-2 text-sm text-slate-700">{children}</div>
        {footer && <div className="flex flex-wrap justify-end gap-2 px-5 pb-5 pt-5">{footer}</div>}
      </div>
    </dialog>
  );
}

/** Asks before an action: the question, what will happen, and the two choices. showModal() focuses the first button, the safe one (Enter never confirms by accident). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel = "Cancelar",
  danger,
  busy,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  body: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      returnFocus={returnFocus}
      onClose={() => {
        if (!busy) onCancel();
      }}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={danger ? "btn-danger" : "btn-primary"} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="text-slate-600">{body}</div>
    </Dialog>
  );
}

/** The confirm flow's state: `ask(subject)` opens the question about it (a row to archive, a key to revoke). */
export function useConfirm<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  return { subject, ask: (s: T) => setSubject(s), close: () => setSubject(null) };
}

/**
 * The ConfirmDialog of a `useConfirm` flow: its texts are about the subject asked for; confirming runs
 * `onConfirm(subject)` (a failure is the caller's to show) and closes the question when it has finished.
 */
export function ConfirmFor<T>({
  flow,
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
}: {
  flow: ReturnType<typeof useConfirm<T>>;
  title: (s: T) => string;
  body: (s: T) => React.ReactNode;
  confirmLabel: string | ((s: T) => string);
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: (s: T) => unknown;
}) {
  const s = flow.subject;
  return (
    <ConfirmDialog
      open={s !== null}
      title={s === null ? "" : title(s)}
      body={s === null ? "" : body(s)}
      confirmLabel={typeof confirmLabel === "string" ? confirmLabel : s === null ? "" : confirmLabel(s)}
      cancelLabel={cancelLabel}
      danger={danger}
      busy={busy}
      onCancel={flow.close}
      onConfirm={() => {
        if (s === null) return;
        void Promise.resolve()
          .then(() => onConfirm(s))
          .catch(() => undefined)
          .finally(flow.close);
      }}
    />
  );
}

/** The heading of the section (or the page's main heading) around `el`: where the focus goes when `el` is gone. */
function headingNear(el: Element | null): HTMLElement | null {
  const region = el?.closest("section, [role=region], article, main");
  return region?.querySelector<HTMLElement>("h1, h2, h3") ?? document.querySelector<HTMLElement>("main h1");
}

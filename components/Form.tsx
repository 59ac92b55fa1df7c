"use client";
// The portal's form kit: react-hook-form driven by a zod schema whose messages are Spanish sentences written for
// people, each shown under its own field; labels come from the form, never from the field name or the zod path.
// API errors go through the same path: `applyApiError` puts each field's rule under that field and turns the rest
// into a sentence with Spanish labels (lib/format.ts humanizeDetail).
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "@/lib/client/api";
import { detailByField, humanizeDetail } from "@/lib/format";

/**
 * A form checked on submit, then field by field as it changes. Not on blur ("onTouched"): pressing the submit button
 * while a wrong value still had the focus showed that field's error on blur, the new error line pushed the button
 * down between the press and the release, and the click was lost (the other fields, e.g. an empty «Nombre», got no
 * error at all). Checking on submit is also what GOV.UK's and similar public-service form guides recommend.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useZodForm<S extends z.ZodType<any, any>>(schema: S, props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {}) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), mode: "onSubmit", reValidateMode: "onChange", ...props });
}

/** The attributes that tie an input to its error and hint for screen readers. */
export function fieldA11y(id: string, error?: string | null, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

/** A labelled field with its hint and its error message underneath. */
export function Field({ id, label, error, hint, className = "", children }: { id: string; label: React.ReactNode; error?: string | null; hint?: React.ReactNode; className?: string; children: React.ReactNode }) {
  return (
    <div className={className} data-field={id}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The error text of a field from react-hook-form's state ("" when none). */
export function errorOf<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: Path<T>): string | undefined {
  const parts = String(name).split(".");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let e: any = form.formState.errors;
  for (const p of parts) e = e?.[p];
  return typeof e?.message === "string" ? e.message : undefined;
}

/**
 * Shows an API error: rules about fields the form has go under those fields (keys mapped with `fieldFor`), the
 * rest becomes one Spanish sentence, returned for the form's general message.
 */
export function applyApiError<T extends FieldValues>(
  err: unknown,
  setError: (name: Path<T>, e: { type: string; message: string }) => void,
  fieldFor: Record<string, Path<T>> = {},
  labels: Record<string, string> = {},
  fallback = "No se pudo completar la operación. Intente de nuevo.",
): string | null {
  if (!(err instanceof ApiError)) return fallback;
  const byField = detailByField(err.detail);
  let placed = 0;
  for (const [key, message] of Object.entries(byField)) {
    const name = fieldFor[key];
    if (name) {
      setError(name, { type: "server", message });
      placed += 1;
    }
  }
  if (placed > 0 && placed === Object.keys(byField).length) return null;
  return humanizeDetail(err.detail, labels) || fallback;
}

/** An API error as one Spanish sentence with field labels instead of field names. */
export function apiErrorText(err: unknown, labels: Record<string, string> = {}, fallback = "No se pudo completar la operación. Intente de nuevo."): string {
  return err instanceof ApiError ? humanizeDetail(err.detail, labels) || fallback : fallback;
}

/**
 * Under a submitted form: how many fields to fix (announced), then the form's general error. With `errorRef` the
 * error takes the focus (the page moves it there and announces it through its own live region); without, it is
 * announced as an alert.
 */
export function FormProblems({ count, submitted, fix, error, errorRef, errorTestId }: { count: number; submitted: boolean; fix: (n: number) => string; error?: string | null; errorRef?: React.Ref<HTMLParagraphElement>; errorTestId?: string }) {
  return (
    <>
      {count > 0 && submitted && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="form-errors">
          {fix(count)}
        </p>
      )}
      {error &&
        (errorRef ? (
          <p ref={errorRef} tabIndex={-1} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 outline-none" data-testid={errorTestId}>
            {error}
          </p>
        ) : (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid={errorTestId}>
            {error}
          </p>
        ))}
    </>
  );
}

"use client";
// "¿Olvidó su contraseña?" and "Elija su contraseña" share one shape (issue 27): a few labelled fields on the
// portal's form kit (components/Form.tsx), Spanish messages under each field, one button, then an outcome.
import Link from "next/link";
import { useState } from "react";
import { z } from "zod";
import type { Path } from "react-hook-form";
import { useDict } from "@/lib/i18n/client";
import { Field, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { messages } from "./messages";

async function post(path: string, body: unknown): Promise<{ ok: boolean; detail: string | null }> {
  const r = await fetch(`/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = (await r.json().catch(() => null)) as { detail?: string } | null;
  return { ok: r.ok, detail: data?.detail ?? null };
}

interface FieldSpec<V> {
  name: Path<V>;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  hint?: string;
}

/** The shared form: the fields, the submit button, a general error for what no field owns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function AccountForm<S extends z.ZodType<Record<string, string>, any>>({
  schema,
  defaults,
  fields,
  submit,
  busyLabel,
  onValid,
  children,
}: {
  schema: S;
  defaults: z.input<S>;
  fields: Array<FieldSpec<z.input<S>>>;
  submit: string;
  busyLabel: string;
  /** Returns a general error to show, or null when done. */
  onValid: (v: z.output<S>) => Promise<string | null>;
  children?: React.ReactNode;
}) {
  const form = useZodForm(schema, { defaultValues: defaults as never });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={form.handleSubmit(async (v) => {
        setBusy(true);
        setError(null);
        setError(await onValid(v));
        setBusy(false);
      })}
    >
      {children}
      {fields.map((f) => {
        const id = String(f.name);
        const err = errorOf(form, f.name as never);
        return (
          <Field key={id} id={id} label={f.label} error={err} hint={f.hint}>
            <input type={f.type} autoComplete={f.autoComplete} className="input" {...fieldA11y(id, err, Boolean(f.hint))} {...form.register(f.name as never)} />
          </Field>
        );
      })}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? busyLabel : submit}
      </button>
    </form>
  );
}

export function SetPasswordForm({ token }: { token: string }) {
  const t = useDict(messages);
  const [state, setState] = useState<"idle" | "done" | "refused">("idle");
  const schema = z
    .object({ password: z.string().min(8, t("tooShort")).max(200, t("tooLong")), confirm: z.string() })
    .refine((v) => v.password === v.confirm, { path: ["confirm"], message: t("mismatch") });
  if (state === "done")
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-emerald-800">
          {t("done")}
        </p>
        <Link href="/login" className="btn-primary">
          {t("signIn")}
        </Link>
      </div>
    );
  if (state === "refused")
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-red-700">
          {t("refused")}
        </p>
        <Link href="/cuenta/clave" className="btn-secondary">
          {t("askNew")}
        </Link>
      </div>
    );
  return (
    <AccountForm
      schema={schema}
      defaults={{ password: "", confirm: "" }}
      fields={[
        { name: "password", label: t("password"), type: "password", autoComplete: "new-password", hint: t("passwordHint") },
        { name: "confirm", label: t("confirm"), type: "password", autoComplete: "new-password" },
      ]}
      submit={t("submit")}
      busyLabel={t("busy")}
      onValid={async (v) => {
        const r = await post("/v2/account/password/set", { token, password: v.password }).catch(() => ({ ok: false, detail: null }));
        if (r.ok) setState("done");
        else if (r.detail === t("refused") || r.detail?.startsWith("El enlace")) setState("refused");
        else return t("error");
        return null;
      }}
    />
  );
}

export function ForgotForm() {
  const t = useDict(messages);
  const [sent, setSent] = useState(false);
  const schema = z.object({
    email: z
      .string()
      .trim()
      .min(1, t("emailMissing"))
      .refine((s) => s === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), t("emailInvalid")),
  });
  if (sent)
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-emerald-800">
          {t("sent")}
        </p>
        <Link href="/login" className="btn-secondary">
          {t("back")}
        </Link>
      </div>
    );
  return (
    <>
      <AccountForm
        schema={schema}
        defaults={{ email: "" }}
        fields={[{ name: "email", label: t("email"), type: "email", autoComplete: "email" }]}
        submit={t("send")}
        busyLabel={t("sending")}
        onValid={async (v) => {
          // The answer is the same whether the e-mail exists or not (no account discovery).
          await post("/v2/account/password/forgot", { email: v.email }).catch(() => null);
          setSent(true);
          return null;
        }}
      >
        <p className="text-sm text-slate-600">{t("forgotHelp")}</p>
      </AccountForm>
      <Link href="/login" className="mt-4 block text-center text-sm text-brand-700 underline">
        {t("back")}
      </Link>
    </>
  );
}

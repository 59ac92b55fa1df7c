"use client";
import Link from "next/link";
import { useState } from "react";
import { useDict } from "@/lib/i18n/client";
import { messages } from "./messages";

async function post(path: string, body: unknown): Promise<{ ok: boolean; detail: string | null }> {
  const r = await fetch(`/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = (await r.json().catch(() => null)) as { detail?: string } | null;
  return { ok: r.ok, detail: data?.detail ?? null };
}

export function SetPasswordForm({ token }: { token: string }) {
  const t = useDict(messages);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [state, setState] = useState<"idle" | "busy" | "done" | "refused">("idle");
  const [error, setError] = useState<string | null>(null);
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
    <form
      className="space-y-4"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (password.length < 8) return setError(t("tooShort"));
        if (password !== confirm) return setError(t("mismatch"));
        setError(null);
        setState("busy");
        const r = await post("/v2/account/password/set", { token, password }).catch(() => ({ ok: false, detail: null }));
        if (r.ok) return setState("done");
        if (r.detail === t("refused") || r.detail?.startsWith("El enlace")) return setState("refused");
        setError(t("error"));
        setState("idle");
      }}
    >
      <div>
        <label htmlFor="password" className="label">
          {t("password")}
        </label>
        <input id="password" type="password" autoComplete="new-password" className="input" value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="password-hint" />
        <p id="password-hint" className="mt-1 text-xs text-slate-500">
          {t("passwordHint")}
        </p>
      </div>
      <div>
        <label htmlFor="confirm" className="label">
          {t("confirm")}
        </label>
        <input id="confirm" type="password" autoComplete="new-password" className="input" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={state === "busy"}>
        {state === "busy" ? t("busy") : t("submit")}
      </button>
    </form>
  );
}

export function ForgotForm() {
  const t = useDict(messages);
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
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
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        await post("/v2/account/password/forgot", { email }).catch(() => null);
        setBusy(false);
        setSent(true);
      }}
    >
      <p className="text-sm text-slate-600">{t("forgotHelp")}</p>
      <div>
        <label htmlFor="email" className="label">
          {t("email")}
        </label>
        <input id="email" type="email" required autoComplete="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t("send")}
      </button>
      <Link href="/login" className="block text-center text-sm text-brand-700 underline">
        {t("back")}
      </Link>
    </form>
  );
}

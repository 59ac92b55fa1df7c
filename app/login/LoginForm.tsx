"use client";
import { useState } from "react";
import { signIn } from "next-auth/react";
import { useI18n } from "@/lib/i18n/client";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const res = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
    if (!res || res.error) {
      setBusy(false);
      setError(res?.error && res.error !== "CredentialsSignin" ? res.error : t("login.invalid"));
      return;
    }
    window.location.assign(callbackUrl);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <label htmlFor="email" className="label">
          {t("login.email")}
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className="input" />
      </div>
      <div>
        <label htmlFor="password" className="label">
          {t("login.password")}
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="input" />
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? t("login.submitting") : t("login.submit")}
      </button>
    </form>
  );
}

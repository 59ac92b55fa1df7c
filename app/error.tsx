"use client";
import { useEffect } from "react";
import Link from "next/link";

/** What a person sees when a page fails: Spanish, a way to retry, and no technical detail. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-10" data-testid="error-page">
      <div className="card w-full max-w-md p-8 text-center" role="alert">
        <h1 className="text-2xl font-semibold text-slate-900">Algo salió mal</h1>
        <p className="mt-2 text-sm text-slate-600">No pudimos mostrar esta página. Intente de nuevo en un momento; si el problema sigue, comuníquese con soporte.</p>
        {error.digest && <p className="mt-3 text-xs text-slate-600">Código de soporte: {error.digest}</p>}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <button type="button" className="btn-primary" onClick={() => reset()}>
            Intentar de nuevo
          </button>
          <Link href="/dashboard" className="btn-secondary">
            Ir al inicio
          </Link>
        </div>
      </div>
    </main>
  );
}

"use client";
import "./globals.css";

/** The last resort when the root layout itself fails: a whole page, in Spanish. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="es-CO">
      <body className="min-h-screen bg-slate-50">
        <main className="flex min-h-screen items-center justify-center px-4">
          <div className="card w-full max-w-md p-8 text-center" role="alert">
            <h1 className="text-2xl font-semibold text-slate-900">Algo salió mal</h1>
            <p className="mt-2 text-sm text-slate-600">HotelPay no pudo cargar esta página. Intente de nuevo en un momento.</p>
            {error.digest && <p className="mt-3 text-xs text-slate-600">Código de soporte: {error.digest}</p>}
            <button type="button" className="btn-primary mt-6" onClick={() => reset()}>
              Intentar de nuevo
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}

import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Página no encontrada", robots: { index: false } };

/** The product's 404, in Spanish, for any address that does not exist (portal, guest pages, vouchers). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4" data-testid="not-found">
      <div className="card w-full max-w-md p-8 text-center">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/logo.svg" alt="HotelPay" width={132} height={32} className="mx-auto h-8 w-auto" />
        <p className="mt-6 text-sm font-semibold text-brand-700">Error 404</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">No encontramos esta página</h1>
        <p className="mt-2 text-sm text-slate-600">La dirección puede estar mal escrita o el contenido ya no existe. Si llegó aquí desde un enlace de pago, pida a su agencia de viajes uno nuevo.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Link href="/dashboard" className="btn-primary">
            Ir al inicio
          </Link>
          <Link href="/login" className="btn-secondary">
            Ingresar al portal
          </Link>
        </div>
      </div>
    </main>
  );
}

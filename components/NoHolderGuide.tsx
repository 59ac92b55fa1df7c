// What an agency without an account holder needs to know instead of a dead end: what it is, who registers it and
// how to ask for it.
export function NoHolderGuide({ agencyName, what }: { agencyName?: string | null; what: "organizations" | "cards" }) {
  return (
    <section className="card max-w-3xl space-y-4 p-5" data-testid="no-holder-guide">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Primero, el titular de cuenta de su agencia</h2>
        <p className="mt-1 text-sm text-slate-700">
          {what === "cards" ? "Las tarjetas virtuales" : "Las organizaciones"} se crean bajo el titular de cuenta de la agencia, y {agencyName ? <strong>{agencyName}</strong> : "su agencia"} todavía no tiene uno.
        </p>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="font-medium text-slate-900">¿Qué es?</dt>
          <dd className="mt-1 text-slate-700">La empresa a nombre de la cual el emisor abre la cuenta que respalda las tarjetas virtuales: razón social, NIT y representante legal de la agencia.</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="font-medium text-slate-900">¿Quién lo registra?</dt>
          <dd className="mt-1 text-slate-700">El operador de HotelPay, una sola vez por agencia, después de verificar los documentos. Usted no tiene que hacer nada en el portal.</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="font-medium text-slate-900">¿Cómo lo pido?</dt>
          <dd className="mt-1 text-slate-700">Escriba a su contacto de HotelPay o a soporte con el NIT, la razón social y el certificado de existencia de la agencia. Cuando quede registrado, esta página le permitirá crear {what === "cards" ? "tarjetas" : "organizaciones"}.</dd>
        </div>
      </dl>
    </section>
  );
}

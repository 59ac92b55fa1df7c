// GET /api/v2/payments?format=csv: every payment of the list's filter and scope, for Excel es-CO (csv.ts).
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { paymentWhere } from "@/lib/payments/service";
import type { ListQuery } from "@/lib/payments/schema";
import { paymentStatusLabel } from "@/lib/format";
import { allPages, amountCell, csvLine, csvResponse, dateTimeCell, textCell } from "@/lib/http/csv";

const METHOD_ES: Record<string, string> = { card: "Tarjeta", cash: "Efectivo", bank_transfer: "Transferencia (PSE)", balance: "Saldo precargado", nequi: "Nequi" };

export async function paymentsCsv(db: Database, principal: Principal, q: ListQuery) {
  const where = paymentWhere(principal, q);
  const rows = await allPages((skip, take) =>
    db.prisma.paymentTransaction.findMany({
      where,
      include: { hotel: { select: { name: true } }, agency: { select: { name: true } } },
      orderBy: [{ createdAt: "desc" }, { apmDetailId: "desc" }],
      skip,
      take,
    }),
  );
  const header = ["Transacción", "Fecha", "Estado", "Método", "Moneda", "Monto", "Hotel", "Agencia", "Referencia", "Nombre", "Apellido", "Tarjeta", "Referencia de pago", "Completado"];
  const lines = rows.map((t) =>
    csvLine([
      textCell(t.id),
      dateTimeCell(t.createdAt),
      textCell(paymentStatusLabel(t.status)),
      textCell(METHOD_ES[t.method] ?? t.method),
      textCell(t.currency),
      amountCell(t.amount),
      textCell(t.hotel.name),
      textCell(t.agency?.name ?? ""),
      textCell(t.refNumber),
      textCell(t.refName),
      textCell(t.refLastname),
      textCell(t.cardBrand && t.cardLast4 ? `${t.cardBrand} •••• ${t.cardLast4}` : ""),
      textCell(t.method === "card" ? "" : t.paymentReference),
      dateTimeCell(t.completedAt),
    ]),
  );
  return csvResponse("pagos.csv", header, lines);
}

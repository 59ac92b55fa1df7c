// The JSON of every /api answer (and of the MCP tools that return the same bodies).
import { Prisma } from "@/lib/db/generated/client";

/** JSON that turns Prisma Decimals into numbers (money is exact until this last step). */
export function toJson(body: unknown): string {
  return JSON.stringify(body, function (this: Record<string, unknown>, key, value) {
    const original = this[key];
    if (Prisma.Decimal.isDecimal(original)) return (original as Prisma.Decimal).toNumber();
    return value;
  });
}

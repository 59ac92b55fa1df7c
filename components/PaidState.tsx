// What is paid of an amount, in words, from the real amounts: "Pagado", "Por pagar $ 80.000" or
// "Pagado $ 30.000 · por pagar $ 50.000". No hooks: server and client pages both use it.
import { translate, type Locale } from "@/lib/i18n";
import { formatMoney } from "@/lib/format";
import { kitMessages } from "./messages";

type Amount = number | string | { toString(): string };

export function paidStateText(amount: Amount, paid: Amount, currency = "COP", locale: Locale = "es"): { text: string; settled: boolean } {
  const total = Number(amount.toString());
  const done = Number(paid.toString());
  const m = kitMessages[locale];
  if (done >= total && total > 0) return { text: translate(m, "money.paid"), settled: true };
  const due = formatMoney(Math.max(0, total - done), currency, locale);
  if (done <= 0) return { text: translate(m, "money.due", { amount: due }), settled: false };
  return { text: translate(m, "money.partial", { paid: formatMoney(done, currency, locale), due }), settled: false };
}

export function PaidState({ amount, paid, currency = "COP", locale = "es" }: { amount: Amount; paid: Amount; currency?: string; locale?: Locale }) {
  const s = paidStateText(amount, paid, currency, locale);
  return (
    <span className={`text-xs ${s.settled ? "text-emerald-700" : "text-amber-800"}`} data-testid="paid-state">
      {s.text}
    </span>
  );
}

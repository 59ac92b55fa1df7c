"use client";
// The one money field of the portal and the guest pages: es-CO grouping as the person types, tolerant of pasted
// amounts ("350.000", "350000", "$ 350.000,00"), and the value handed out as a number (null while empty or invalid).
import { forwardRef, useEffect, useRef, useState } from "react";
import { caretAfterRegroup, groupMoneyText, moneyFieldText, parseMoneyText } from "@/lib/money/input";

export interface MoneyInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "type"> {
  value: number | null | undefined;
  onValueChange: (value: number | null) => void;
  currency?: string;
  invalid?: boolean;
}

export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { value, onValueChange, currency = "COP", invalid, className = "", onBlur, ...rest },
  forwarded,
) {
  const inner = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState(() => moneyFieldText(value));
  const caret = useRef<number | null>(null);

  // Follow the value when it changes from outside (form reset, a default filled in), not while typing it.
  useEffect(() => {
    if (parseMoneyText(text) !== (value ?? null)) setText(moneyFieldText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  useEffect(() => {
    if (caret.current !== null && inner.current && document.activeElement === inner.current) {
      inner.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  function handleChange(e: React.ChangeEvent<HTMLInputElement>) {
    const raw = e.target.value;
    const pos = e.target.selectionStart ?? raw.length;
    // A paste of a whole amount in another style ("1,500,000.00") is read as a whole, then shown our way.
    const pasted = parseMoneyText(raw);
    const looksForeign = /\.\d{1,2}$/.test(raw) || /,\d{3}(?!\d)/.test(raw);
    const next = looksForeign && pasted !== null ? moneyFieldText(pasted) : groupMoneyText(raw);
    const significant = raw.slice(0, pos).replace(/[^\d,]/g, "").length;
    caret.current = caretAfterRegroup(next, significant);
    setText(next);
    onValueChange(parseMoneyText(next));
  }

  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-sm text-slate-500" aria-hidden="true">
        $
      </span>
      <input
        {...rest}
        ref={(el) => {
          inner.current = el;
          if (typeof forwarded === "function") forwarded(el);
          else if (forwarded) forwarded.current = el;
        }}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={handleChange}
        onBlur={(e) => {
          const n = parseMoneyText(text);
          if (n !== null) setText(moneyFieldText(n));
          onBlur?.(e);
        }}
        aria-invalid={invalid || undefined}
        className={`input pl-7 pr-14 text-right tabular-nums ${invalid ? "border-red-500 focus:border-red-500 focus:ring-red-500/30" : ""} ${className}`}
      />
      <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-xs font-medium text-slate-500" aria-hidden="true">
        {currency}
      </span>
    </div>
  );
});

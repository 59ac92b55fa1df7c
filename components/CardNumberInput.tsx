"use client";
// The card number field: grouped as the person types (caret kept in place) and the brand named beside it.
// Works with react-hook-form's register(): the value it holds is the grouped text; schemas strip the spaces.
import { forwardRef } from "react";
import { BRAND_NAMES, caretAfterGrouping, cardBrand, groupCardNumber } from "./card-number";

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> & { brandId?: string; value?: string };

export const CardNumberInput = forwardRef<HTMLInputElement, Props & { watched?: string }>(function CardNumberInput({ onChange, watched = "", className = "", brandId, ...rest }, ref) {
  const brand = cardBrand(watched);
  return (
    <div className="relative">
      <input
        ref={ref}
        {...rest}
        inputMode="numeric"
        autoComplete="cc-number"
        className={`input pr-28 font-mono ${className}`}
        onChange={(e) => {
          const el = e.target;
          const before = el.value.slice(0, el.selectionStart ?? el.value.length).replace(/\D/g, "").length;
          const grouped = groupCardNumber(el.value);
          if (grouped !== el.value) {
            el.value = grouped;
            const at = caretAfterGrouping(grouped, before);
            if (document.activeElement === el) el.setSelectionRange(at, at);
          }
          onChange?.(e);
        }}
      />
      <span id={brandId} className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-semibold text-slate-700" data-testid="card-brand" aria-live="polite">
        {brand ? BRAND_NAMES[brand] : ""}
      </span>
    </div>
  );
});

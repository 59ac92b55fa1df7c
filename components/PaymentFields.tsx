"use client";
// The fields a payment asks, one set for the guest's pay page (app/pay/[code]) and the agent's Cobrar
// (app/(portal)/payments/new): the card (number grouped with its brand, month/year/CVV, installments), the payer's
// document, person type and address for cash and PSE, the PSE bank or cash network, and the Nequi phone. Each field
// is a `FieldSlot` (its id, its error and react-hook-form's register()), so each form keeps its own names and rules;
// labels come from the page's messages. `autoFill` lets the browser fill the guest's own card and address; on
// Cobrar the agent types someone else's, so it stays off.
import { useMemo } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { Field, fieldA11y } from "@/components/Form";
import { CardNumberInput } from "@/components/CardNumberInput";
import { CARD_INSTALLMENTS, CARD_MONTHS, cardYears } from "@/components/card-options";

/** One field of a form: the id its label points at, its error sentence and what register() gave. */
export type FieldSlot = { id: string; error?: string; field: UseFormRegisterReturn };
type Option = { code: string; name: string };

/** The slot of `name` in `form` (id = the field's name unless given). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function slotOf<T extends FieldValues>(form: UseFormReturn<T, unknown, any>, name: Path<T>, id: string = name): FieldSlot {
  let e: unknown = form.formState.errors;
  for (const p of String(name).split(".")) e = (e as Record<string, unknown> | undefined)?.[p];
  const message = (e as { message?: unknown } | undefined)?.message;
  return { id, error: typeof message === "string" ? message : undefined, field: form.register(name) };
}

/** A labelled select of { code, name } options (banks, cash networks, document and person types). */
export function OptionSelect({ slot, label, options, placeholder }: { slot: FieldSlot; label: string; options: Option[]; placeholder?: string }) {
  return (
    <Field id={slot.id} label={label} error={slot.error}>
      <select {...fieldA11y(slot.id, slot.error)} className="input" {...slot.field}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

export type CardSlots = { number: FieldSlot; holder: FieldSlot; month: FieldSlot; year: FieldSlot; cvc: FieldSlot; installments: FieldSlot };
export type CardLabels = Record<keyof CardSlots, string>;

/** The card: number (grouped, brand beside it), holder, month, year, CVV and installments. */
export function CardFields({ slots, labels, number, autoFill }: { slots: CardSlots; labels: CardLabels; /** The number as typed (form.watch), for the brand. */ number: string; autoFill: boolean }) {
  const years = useMemo(() => cardYears(), []);
  const { holder, month, year, cvc, installments } = slots;
  const auto = (name: string) => (autoFill ? name : "off");
  return (
    <>
      <Field id={slots.number.id} label={labels.number} error={slots.number.error}>
        <CardNumberInput {...fieldA11y(slots.number.id, slots.number.error)} autoComplete={auto("cc-number")} placeholder="4242 4242 4242 4242" watched={number} {...slots.number.field} />
      </Field>
      <Field id={holder.id} label={labels.holder} error={holder.error}>
        <input {...fieldA11y(holder.id, holder.error)} autoComplete={auto("cc-name")} className="input" {...holder.field} />
      </Field>
      <div className="grid grid-cols-3 gap-3">
        <ChoiceSelect slot={month} label={labels.month} blank="MM" choices={CARD_MONTHS} autoComplete={autoFill ? "cc-exp-month" : undefined} />
        <ChoiceSelect slot={year} label={labels.year} blank="AAAA" choices={years} autoComplete={autoFill ? "cc-exp-year" : undefined} />
        <Field id={cvc.id} label={labels.cvc} error={cvc.error}>
          <input {...fieldA11y(cvc.id, cvc.error)} inputMode="numeric" maxLength={4} autoComplete={auto("cc-csc")} className="input" {...cvc.field} />
        </Field>
      </div>
      <ChoiceSelect slot={installments} label={labels.installments} choices={CARD_INSTALLMENTS} />
    </>
  );
}

function ChoiceSelect({ slot, label, blank, choices, autoComplete }: { slot: FieldSlot; label: string; blank?: string; choices: readonly string[]; autoComplete?: string }) {
  return (
    <Field id={slot.id} label={label} error={slot.error}>
      <select {...fieldA11y(slot.id, slot.error)} autoComplete={autoComplete} className="input" {...slot.field}>
        {blank !== undefined && <option value="">{blank}</option>}
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The Nequi mobile number (10 digits starting with 3); the payer approves in the Nequi app. */
export function NequiPhoneField({ slot, label, hint, autoFill }: { slot: FieldSlot; label: string; hint: string; autoFill: boolean }) {
  return (
    <Field id={slot.id} label={label} error={slot.error} hint={hint}>
      <input {...fieldA11y(slot.id, slot.error, true)} type="tel" inputMode="numeric" autoComplete={autoFill ? "tel-national" : "off"} maxLength={16} placeholder="300 123 4567" className="input" {...slot.field} />
    </Field>
  );
}

export type PayerSlots = { docType: FieldSlot; docNumber: FieldSlot; personType: FieldSlot; address: FieldSlot };

/**
 * The payer of a cash or PSE payment: document type and number, person type and address. `wide` puts the four
 * in two columns (Cobrar's wide order column); otherwise the document pair shares a row and the rest take a row each.
 */
export function PayerFields({ slots, labels, documentTypes, personTypes, autoFill, wide = false }: { slots: PayerSlots; labels: Record<keyof PayerSlots, string>; documentTypes: Option[]; personTypes: Option[]; autoFill: boolean; wide?: boolean }) {
  const { docType, docNumber, personType, address } = slots;
  const documentPair = (
    <>
      <OptionSelect slot={docType} label={labels.docType} options={documentTypes} />
      <Field id={docNumber.id} label={labels.docNumber} error={docNumber.error}>
        <input {...fieldA11y(docNumber.id, docNumber.error)} inputMode="numeric" className="input" {...docNumber.field} />
      </Field>
    </>
  );
  const rest = (
    <>
      <OptionSelect slot={personType} label={labels.personType} options={personTypes} />
      <Field id={address.id} label={labels.address} error={address.error}>
        <input {...fieldA11y(address.id, address.error)} maxLength={200} className="input" autoComplete={autoFill ? "street-address" : "off"} {...address.field} />
      </Field>
    </>
  );
  if (wide)
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        {documentPair}
        {rest}
      </div>
    );
  return (
    <>
      <div className="grid grid-cols-2 gap-3">{documentPair}</div>
      {rest}
    </>
  );
}

"use client";
// The three inputs of a new login (name, e-mail, initial password), each with its error under it: the agency's
// team and a hotel's admins.
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Field, errorOf, fieldA11y } from "@/components/Form";
import type { NewUserValues } from "./new-user";

export function NewUserInputs<T extends NewUserValues>({
  form,
  idPrefix,
  labels,
  emailAutoComplete,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  idPrefix: string;
  labels: Record<keyof NewUserValues, string>;
  emailAutoComplete: "email" | "off";
}) {
  const f = form as unknown as UseFormReturn<NewUserValues, unknown, FieldValues>;
  const input = (name: keyof NewUserValues, type: string, autoComplete?: string) => {
    const id = `${idPrefix}-${name}`;
    const err = errorOf(f, name);
    return (
      <Field id={id} label={labels[name]} error={err}>
        <input type={type} className="input" autoComplete={autoComplete} {...fieldA11y(id, err)} {...f.register(name)} />
      </Field>
    );
  };
  return (
    <>
      {input("name", "text")}
      {input("email", "email", emailAutoComplete)}
      {input("password", "password", "new-password")}
    </>
  );
}

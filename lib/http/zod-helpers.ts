// The zod helpers every wire schema shares (lib/<capability>/schema.ts), with one set of Spanish messages
// (docs/architecture.md, "Validation"). A field's message never names the field: the pipeline prefixes its path.
import { z } from "zod";
import { isIsoDate } from "@/lib/time";

/** The error option of a required field: "es obligatorio" when it is missing, `message` when it has the wrong type. */
export const typeError = (message: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? "es obligatorio" : message) });

/** Text, trimmed, not empty, at most `max` characters. */
export const text = (max: number) => z.string(typeError("debe ser texto")).trim().min(1, "no puede estar vacío").max(max, `máximo ${max} caracteres`);

/** A JSON boolean: "es obligatorio" when missing, "debe ser true o false" otherwise. */
export const bool = () => z.boolean(typeError("debe ser true o false"));

/** A real calendar date written AAAA-MM-DD (trimmed). */
export const isoDate = z.string(typeError("debe ser una fecha AAAA-MM-DD")).trim().refine(isIsoDate, "debe ser una fecha válida AAAA-MM-DD");

/** An absolute http or https URL, trimmed, at most 2000 characters. */
export const httpUrl = z
  .string(typeError("debe ser texto"))
  .trim()
  .max(2000, "máximo 2000 caracteres")
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "debe ser una URL http o https");

/** One of the codes of a lookup list, naming the endpoint that lists them. */
export const listCode = (list: ReadonlyArray<{ code: string }>, listPath: string) =>
  z.string(typeError("debe ser texto")).refine((c) => list.some((l) => l.code === c), `no es un código de la lista ${listPath}`);

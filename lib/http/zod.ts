// Zod speaks Spanish here: its own messages in es, and "es obligatorio" for a missing field.
import { z } from "zod";

let configured = false;

export function configureZod() {
  if (configured) return;
  configured = true;
  z.config(z.locales.es());
  z.config({
    customError: (iss) => {
      if (iss.code === "invalid_type" && iss.input === undefined) return "es obligatorio";
      return undefined;
    },
  });
}

configureZod();

/** "order.tax_percent: debe estar entre 0.00 y 1.00; email: ..." (the field named, then the rule). */
export function formatZodError(error: z.ZodError, prefix?: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const pathParts = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
    const field = pathParts.length ? pathParts.join(".") : "cuerpo";
    const line = `${field}: ${issue.message}`;
    if (!seen.has(line)) {
      seen.add(line);
      parts.push(line);
    }
    if (parts.length >= 10) break;
  }
  return parts.join("; ");
}

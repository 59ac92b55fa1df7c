import { badRequest, payloadTooLarge } from "./errors";
import { bareObject, checkValue, gatedQuery, parseJson } from "./input";

export const MAX_BODY_BYTES = 1024 * 1024;

/** The body's bytes, or null once they pass `limit` (the excess is not buffered: the stream is cancelled). */
export async function readBodyBytes(req: Request, limit: number): Promise<Buffer | null> {
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads the body as text, refusing more than `limit` bytes (413) without buffering the excess. */
export async function readBodyText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw payloadTooLarge(limit);
  const bytes = await readBodyBytes(req, limit);
  if (!bytes) throw payloadTooLarge(limit);
  return bytes.toString("utf8");
}

/** JSON or form-encoded body to a plain value. */
export function parseBody(text: string, contentType: string | null): unknown {
  const ct = (contentType ?? "").toLowerCase();
  if (ct.includes("application/x-www-form-urlencoded")) {
    const form = bareObject<string>();
    for (const [k, v] of new URLSearchParams(text)) form[k] = v;
    checkValue(form, "cuerpo");
    return form;
  }
  if (text.trim() === "") return undefined;
  try {
    return parseJson(text, "cuerpo");
  } catch (e) {
    if (e instanceof SyntaxError) throw badRequest("cuerpo: JSON mal formado", "El cuerpo de la solicitud no es JSON válido");
    throw e;
  }
}

/** Query string to an object; repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  return gatedQuery(url.searchParams);
}

// One HTTP POST of a webhook: 10 s timeout, redirects not followed, the first 1 KB of the answer kept,
// and the connected address checked by the URL guard (a refused address sends nothing).
import http from "node:http";
import https from "node:https";
import { checkWebhookUrl, guardedLookup } from "./url-guard";

export const ATTEMPT_TIMEOUT_MS = 10_000;
const RESPONSE_KEEP_BYTES = 1024;

export interface SendResult {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  latencyMs: number;
}

export const isAcknowledged = (r: SendResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

function describeError(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case "EFORBIDDENADDRESS":
      return `URL no permitida: ${e.message}`;
    case "ECONNREFUSED":
      return "Conexión rechazada por el receptor";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "No se pudo resolver el nombre del receptor";
    case "ECONNRESET":
      return "El receptor cerró la conexión";
    case "ETIMEDOUT":
    case "ATTEMPT_TIMEOUT":
      return `Tiempo de espera agotado (${ATTEMPT_TIMEOUT_MS / 1000} s)`;
    default:
      return `Error de red${e.code ? ` (${e.code})` : ""}`;
  }
}

// Text columns cannot hold NUL; the answer is shown to people, so keep it printable.
const printable = (buf: Buffer) => buf.toString("utf8").replace(/\u0000/g, "");

export async function sendWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const guard = await checkWebhookUrl(rawUrl, { allowPrivate: opts.allowPrivate });
  if (!guard.ok) return { statusCode: null, responseBody: null, error: `URL no permitida: ${guard.reason}`, latencyMs: elapsed() };
  const url = guard.url;
  const timeoutMs = opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const payload = Buffer.from(body, "utf8");

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: elapsed() });
    };
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(payload.length) },
        lookup: guardedLookup(opts.allowPrivate) as unknown as http.RequestOptions["lookup"],
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_KEEP_BYTES - kept);
          }
          if (kept >= RESPONSE_KEEP_BYTES) res.destroy();
        });
        const done = () => finish({ statusCode: res.statusCode ?? null, responseBody: printable(Buffer.concat(chunks)), error: null });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      const e = new Error("timeout") as NodeJS.ErrnoException;
      e.code = "ATTEMPT_TIMEOUT";
      req.destroy(e);
      finish({ statusCode: null, responseBody: null, error: describeError(e) });
    }, timeoutMs);
    req.on("error", (e: NodeJS.ErrnoException) => finish({ statusCode: null, responseBody: null, error: describeError(e) }));
    req.end(payload);
  });
}

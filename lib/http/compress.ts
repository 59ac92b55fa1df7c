// Compression of /api JSON answers, negotiated with Accept-Encoding (br or gzip), above a size threshold.
// The pipeline (handler.ts) compresses JSON bodies of COMPRESS_MIN_BYTES or more once per request; a body the
// service already holds as `Precompressed` (a search answer) keeps each encoding after the first use, so a
// cache hit costs no compression at all; its levels depend on reuse (ONE_OFF_LEVELS, REUSED_LEVELS). Under
// Next.js the encoding travels in an internal header that server.mjs turns into Content-Encoding, which Next's own gzip middleware then leaves alone: nothing is
// compressed twice (see encodingHeader below).
import zlib from "node:zlib";
import { promisify } from "node:util";

export type Encoding = "br" | "gzip";

/** Bodies below this size go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

/** gzip level 6 (zlib's default) and brotli quality 5: near-best ratio on JSON at a few ms per MiB. */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: 6 });
  return brotliAsync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * The encoding to answer with, from an Accept-Encoding header: the highest q among br and gzip (br wins a tie,
 * it is smaller), `*` standing for both; q=0 refuses. null: send the body as it is.
 */
export function negotiateEncoding(header: string | null | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (!Number.isFinite(weight)) weight = 0;
    q[name] = Math.max(q[name] ?? 0, weight);
  }
  const star = q["*"];
  const br = q.br ?? star ?? 0;
  const gzip = q.gzip ?? q["x-gzip"] ?? star ?? 0;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

/**
 * Where the encoding is named: Content-Encoding on a plain Node server (the tests'); inside Next.js, which drops
 * that header from route responses, the internal header server.mjs turns back into Content-Encoding; and with
 * neither (`next dev`, `next start` alone) nowhere: the body goes out as it is and Next's own gzip applies.
 */
function encodingHeader(): string | null {
  const front = (globalThis as { __hbEncodingHeader?: string }).__hbEncodingHeader;
  if (front) return front;
  if (process.env.NEXT_RUNTIME) return null;
  return "content-encoding";
}

const isJson = (contentType: string | undefined) => !!contentType && /^application\/([\w.+-]*\+)?json\b/i.test(contentType);

/**
 * Compression levels for search answers (issue 28), chosen by measurement (docs/decisions.md §5.12): an
 * answer sent once (most searches: each is another stay or party) gets a fast level, whose cost is a fraction
 * of building it; an answer asked for again is re-encoded once, in the background, at the level with
 * the best size for its cost, and every later use sends those bytes.
 */
export const ONE_OFF_LEVELS = { gzip: 1, br: 1 } as const;
export const REUSED_LEVELS = { gzip: 9, br: 5 } as const;

/** `encoding` at an explicit level (gzip 1-9, brotli quality 0-11). */
export function compressAt(body: Buffer, encoding: Encoding, level: number): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level });
  return brotliAsync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: level,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * A JSON body that may be sent more than once (a search answer): each encoding is computed on first use at the
 * one-off level, and on its second use re-encoded at the reused level (in the background: that use and the next
 * ones send the fast bytes until the better ones are ready).
 */
export class Precompressed {
  private readonly encoded = new Map<Encoding, { bytes: Promise<Buffer>; best: boolean; upgrading: boolean }>();
  private plain: Buffer | null;
  private readonly decodeFrom: { encoding: Encoding; bytes: Buffer } | null;
  /** Bytes of the identity body. */
  readonly byteLength: number;

  /** `source`: the identity body, or an answer already encoded (see `encodedOnce`). */
  constructor(
    source: Buffer | { encoding: Encoding; bytes: Buffer; byteLength: number },
    readonly contentType = "application/json; charset=utf-8",
  ) {
    if (Buffer.isBuffer(source)) {
      this.plain = source;
      this.decodeFrom = null;
      this.byteLength = source.length;
    } else {
      this.plain = null;
      this.decodeFrom = { encoding: source.encoding, bytes: source.bytes };
      this.byteLength = source.byteLength;
      // Never re-encoded at the reused level: such an answer is not kept for reuse.
      this.encoded.set(source.encoding, { bytes: Promise.resolve(source.bytes), best: true, upgrading: false });
    }
  }

  /**
   * An answer sent once, compressed straight from its builder's buffer (issue 28: a one-off search answer is
   * neither copied out nor kept, which made the garbage collector its largest cost). Its identity body, if some
   * caller wants it (another encoding, the MCP engine), is decompressed from those bytes.
   */
  static encodedOnce(encoding: Encoding, bytes: Buffer, byteLength: number): Precompressed {
    return new Precompressed({ encoding, bytes, byteLength });
  }

  /** The identity body. */
  get body(): Buffer {
    if (this.plain) return this.plain;
    const { encoding, bytes } = this.decodeFrom!;
    this.plain = encoding === "gzip" ? zlib.gunzipSync(bytes) : zlib.brotliDecompressSync(bytes);
    return this.plain;
  }

  /** The encoded bytes (concurrent first uses share the work). */
  as(encoding: Encoding): Promise<Buffer> {
    const found = this.encoded.get(encoding);
    if (!found) {
      const entry = { bytes: compressAt(this.body, encoding, ONE_OFF_LEVELS[encoding]), best: false, upgrading: false };
      this.encoded.set(encoding, entry);
      entry.bytes.catch(() => {
        if (this.encoded.get(encoding) === entry) this.encoded.delete(encoding);
      });
      return entry.bytes;
    }
    if (!found.best && !found.upgrading) {
      found.upgrading = true;
      compressAt(this.body, encoding, REUSED_LEVELS[encoding]).then(
        (better) => {
          found.bytes = Promise.resolve(better);
          found.best = true;
        },
        () => {
          found.upgrading = false;
        },
      );
    }
    return found.bytes;
  }

  /** Whether `encoding` is held at the reused level yet (tests, metrics). */
  isBest(encoding: Encoding): boolean {
    return this.encoded.get(encoding)?.best === true;
  }

  /** Bytes of the identity body, for cache accounting (the encodings are a few % of it). */
  size(): number {
    return this.byteLength;
  }

  /** Callers that want the value (the MCP engine) get the parsed JSON. */
  toJSON(): unknown {
    return JSON.parse(this.body.toString("utf8"));
  }
}

/**
 * The encoding this request's answer will be sent in, when it will be compressed at all (a front that names the
 * encoding, and a client that accepts br or gzip); null otherwise. For builders that compress as they go.
 */
export function wantedEncoding(req: Request): Encoding | null {
  return encodingHeader() ? negotiateEncoding(req.headers.get("accept-encoding")) : null;
}

function withVary(headers: Record<string, string>): Record<string, string> {
  const existing = Object.entries(headers).find(([k]) => k.toLowerCase() === "vary");
  if (!existing) return { ...headers, vary: "Accept-Encoding" };
  if (/\baccept-encoding\b/i.test(existing[1])) return headers;
  return { ...headers, [existing[0]]: `${existing[1]}, Accept-Encoding` };
}

const headerOf = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

/**
 * The HTTP response for a body, compressed when the client accepts it, the body is JSON and at least
 * COMPRESS_MIN_BYTES. JSON answers always carry `Vary: Accept-Encoding`.
 */
export async function encodedResponse(req: Request, status: number, body: string | Uint8Array | Precompressed, headers: Record<string, string>): Promise<Response> {
  const pre = body instanceof Precompressed ? body : null;
  const contentType = headerOf(headers, "content-type") ?? pre?.contentType;
  const h = contentType && !headerOf(headers, "content-type") ? { ...headers, "content-type": contentType } : headers;
  const identity = () => (pre ? pre.body : typeof body === "string" ? Buffer.from(body, "utf8") : (body as Uint8Array));
  if (!isJson(contentType) || headerOf(h, "content-encoding") || status === 204 || status === 304) {
    return new Response(identity() as BodyInit, { status, headers: h });
  }
  const vary = withVary(h);
  const via = encodingHeader();
  const length = pre ? pre.byteLength : typeof body === "string" ? Buffer.byteLength(body, "utf8") : (body as Uint8Array).byteLength;
  const encoding = via && length >= COMPRESS_MIN_BYTES ? negotiateEncoding(req.headers.get("accept-encoding")) : null;
  if (!via || !encoding) return new Response(identity() as BodyInit, { status, headers: vary });
  const raw = pre ? null : identity();
  const bytes = pre ? await pre.as(encoding) : await compress(Buffer.from(raw!.buffer, raw!.byteOffset, raw!.byteLength), encoding);
  return new Response(bytes as BodyInit, { status, headers: { ...vary, [via]: encoding } });
}

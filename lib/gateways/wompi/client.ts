// A thin typed client of Wompi's API (docs.wompi.co; there is no well-kept npm client). It speaks the endpoints
// the product needs, keeps no state but two caches, and answers every call with a typed result instead of
// throwing, so a caller decides what a 401, a 422, a 5xx or a hang mean for money.
//
// Reads (merchant, PSE banks, a transaction, transactions by reference) are retried on a transport failure, a
// timeout or a 5xx, with back-off; writes (card token, transaction, void) are sent once: a second POST could
// act twice. The one exception: a 422 naming the acceptance token (they rotate) refreshes the cached tokens and
// sends the transaction again; a 422 means Wompi created nothing.
//
// No key, secret, card number or CVC ever reaches an error message or a log line: messages are built from the
// HTTP status and Wompi's error type, and whatever text Wompi sends back is scrubbed (safeText) before it is kept.
import { redact, type Logger } from "@/lib/http/log";
import { integritySignature } from "./signatures";
import {
  WOMPI_STATUSES,
  type AcceptanceTokens,
  type CardToken,
  type CreateTransactionInput,
  type FinancialInstitution,
  type WompiStatus,
  type WompiTransaction,
} from "./types";

export type WompiErrorKind =
  /** 401: a wrong key, or a key of the other environment. */
  | "unauthorized"
  /** 422 INPUT_VALIDATION_ERROR: Wompi refused the input; nothing was created. */
  | "validation"
  /** 404: no such entity. */
  | "not_found"
  /** 5xx, a refused connection, or any other status we do not expect. */
  | "unavailable"
  /** No answer within the timeout. */
  | "timeout"
  /** An answer that is not what the documentation describes. */
  | "bad_response";

export interface WompiError {
  kind: WompiErrorKind;
  /** HTTP status, when an answer came. */
  status: number | null;
  /** Wompi's `error.type` (INVALID_ACCESS_TOKEN, INPUT_VALIDATION_ERROR, NOT_FOUND_ERROR ...). */
  type?: string;
  /** Spanish, for logs and staff: never a key, a secret or card data. */
  message: string;
  /** 422: Wompi's `error.messages`, field -> messages (scrubbed). */
  fields?: Record<string, string[]>;
  /**
   * A write whose outcome is unknown: sent, but no answer (timeout, 5xx, connection lost). Wompi may have
   * acted; ask it (transactions by reference) before assuming nothing happened.
   */
  uncertain: boolean;
}

export type WompiResult<T> = { ok: true; value: T } | { ok: false; error: WompiError };

export interface WompiClientOptions {
  /** API base including /v1: https://sandbox.wompi.co/v1 or https://production.wompi.co/v1. */
  baseUrl: string;
  publicKey: string;
  privateKey: string;
  integritySecret: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Attempts of an idempotent read (default 3). */
  readAttempts?: number;
  /** Back-off before read attempt n+1: base * 2^(n-1) ms (default 250). */
  backoffMs?: number;
  /** How long the merchant's acceptance tokens are reused (default 1 h; they change rarely). */
  acceptanceTtlMs?: number;
  /** How long the PSE bank list is reused (default 1 h). */
  institutionsTtlMs?: number;
  log?: Logger;
  /** Monotonic milliseconds for the caches (tests move it). */
  nowMs?: () => number;
}

type Auth = "none" | "public" | "private";

interface Answer {
  status: number;
  body: unknown;
}

const ok = <T>(value: T): WompiResult<T> => ({ ok: true, value });
const fail = <T>(error: WompiError): WompiResult<T> => ({ ok: false, error });

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);
const str = (x: unknown): string | undefined => (typeof x === "string" ? x : undefined);

export class WompiClient {
  private readonly base: string;
  private acceptance: { value: AcceptanceTokens; at: number } | null = null;
  private acceptanceInFlight: Promise<WompiResult<AcceptanceTokens>> | null = null;
  private institutions: { value: FinancialInstitution[]; at: number } | null = null;
  private institutionsInFlight: Promise<WompiResult<FinancialInstitution[]>> | null = null;

  constructor(private readonly opts: WompiClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, "");
  }

  /** `sandbox` for pub_test_ keys, `production` for pub_prod_ keys. */
  get environment(): "sandbox" | "production" {
    return this.opts.publicKey.startsWith("pub_prod_") ? "production" : "sandbox";
  }

  private now(): number {
    return (this.opts.nowMs ?? (() => performance.now()))();
  }

  /** GET /merchants/{public_key}: the two acceptance tokens the payer accepts. Cached; concurrent callers share one request. */
  async acceptanceTokens(opts: { refresh?: boolean } = {}): Promise<WompiResult<AcceptanceTokens>> {
    const ttl = this.opts.acceptanceTtlMs ?? 60 * 60_000;
    if (!opts.refresh && this.acceptance && this.now() - this.acceptance.at < ttl) return ok(this.acceptance.value);
    if (opts.refresh) this.acceptance = null;
    this.acceptanceInFlight ??= (async () => {
      try {
        const r = await this.read("merchant", `/merchants/${encodeURIComponent(this.opts.publicKey)}`, "none");
        if (!r.ok) return r;
        const data = isObject(r.value) && isObject(r.value.data) ? r.value.data : null;
        const pa = data && isObject(data.presigned_acceptance) ? data.presigned_acceptance : null;
        const pd = data && isObject(data.presigned_personal_data_auth) ? data.presigned_personal_data_auth : null;
        const value: AcceptanceTokens | null =
          pa && pd && str(pa.acceptance_token) && str(pd.acceptance_token)
            ? {
                acceptanceToken: str(pa.acceptance_token)!,
                acceptancePermalink: str(pa.permalink) ?? "",
                personalAuthToken: str(pd.acceptance_token)!,
                personalAuthPermalink: str(pd.permalink) ?? "",
              }
            : null;
        if (!value) return fail<AcceptanceTokens>(badResponse("merchant", "sin tokens de aceptación"));
        this.acceptance = { value, at: this.now() };
        return ok(value);
      } finally {
        this.acceptanceInFlight = null;
      }
    })();
    return this.acceptanceInFlight;
  }

  /** GET /pse/financial_institutions (public key): the banks a PSE payer chooses from. Cached. */
  async financialInstitutions(opts: { refresh?: boolean } = {}): Promise<WompiResult<FinancialInstitution[]>> {
    const ttl = this.opts.institutionsTtlMs ?? 60 * 60_000;
    if (!opts.refresh && this.institutions && this.now() - this.institutions.at < ttl) return ok(this.institutions.value);
    this.institutionsInFlight ??= (async () => {
      try {
        const r = await this.read("pse_institutions", "/pse/financial_institutions", "public");
        if (!r.ok) return r;
        const list = isObject(r.value) && Array.isArray(r.value.data) ? r.value.data : null;
        if (!list) return fail<FinancialInstitution[]>(badResponse("pse_institutions", "sin lista de bancos"));
        const value = list
          .filter(isObject)
          .map((b) => ({ code: String(b.financial_institution_code ?? ""), name: str(b.financial_institution_name) ?? "" }))
          .filter((b) => b.code !== "" && b.name !== "");
        this.institutions = { value, at: this.now() };
        return ok(value);
      } finally {
        this.institutionsInFlight = null;
      }
    })();
    return this.institutionsInFlight;
  }

  /** POST /tokens/cards (public key). The card lives only in this request's body; the answer keeps brand and last four. */
  async tokenizeCard(card: { number: string; cvc: string; expMonth: number; expYear: number; holder: string }): Promise<WompiResult<CardToken>> {
    const body = {
      number: card.number,
      cvc: card.cvc,
      exp_month: String(card.expMonth).padStart(2, "0"),
      exp_year: String(card.expYear % 100).padStart(2, "0"),
      card_holder: card.holder,
    };
    const r = await this.write("card_token", "POST", "/tokens/cards", "public", body);
    if (!r.ok) return r;
    const data = isObject(r.value) && isObject(r.value.data) ? r.value.data : null;
    const id = data ? str(data.id) : undefined;
    if (!data || !id) return fail(badResponse("card_token", "sin token"));
    return ok({ id, brand: str(data.brand) ?? "", lastFour: str(data.last_four) ?? "", expiresAt: str(data.expires_at) ?? null });
  }

  /**
   * POST /transactions with the integrity signature and the merchant's acceptance tokens. Sent once; a 422 on
   * the acceptance token refreshes the tokens and sends it once more (Wompi created nothing on a 422).
   * A duplicate reference is a 422 too (`fields.reference`): the reference is our idempotency key at Wompi.
   */
  async createTransaction(input: CreateTransactionInput): Promise<WompiResult<WompiTransaction>> {
    for (let round = 0; round < 2; round++) {
      const tokens = await this.acceptanceTokens({ refresh: round > 0 });
      if (!tokens.ok) return tokens;
      const body: Record<string, unknown> = {
        acceptance_token: tokens.value.acceptanceToken,
        accept_personal_auth: tokens.value.personalAuthToken,
        amount_in_cents: input.amountInCents,
        currency: input.currency,
        customer_email: input.customerEmail,
        reference: input.reference,
        signature: integritySignature(input, this.opts.integritySecret),
        payment_method: input.paymentMethod,
      };
      if (input.customerData) body.customer_data = input.customerData;
      if (input.redirectUrl) body.redirect_url = input.redirectUrl;
      if (input.expirationTime) body.expiration_time = input.expirationTime;
      const r = await this.write("transaction_create", "POST", "/transactions", "private", body);
      if (!r.ok) {
        const staleToken = r.error.kind === "validation" && Object.keys(r.error.fields ?? {}).some((f) => f === "acceptance_token" || f === "accept_personal_auth");
        if (staleToken && round === 0) continue;
        return r;
      }
      const tx = parseTransaction(isObject(r.value) ? r.value.data : null);
      if (!tx) return fail({ ...badResponse("transaction_create", "respuesta sin transacción"), uncertain: true });
      return ok(tx);
    }
    return fail(badResponse("transaction_create", "tokens de aceptación rechazados"));
  }

  /** GET /transactions/{id}. */
  async getTransaction(id: string): Promise<WompiResult<WompiTransaction>> {
    const r = await this.read("transaction_get", `/transactions/${encodeURIComponent(id)}`, "private");
    if (!r.ok) return r;
    const tx = parseTransaction(isObject(r.value) ? r.value.data : null);
    return tx ? ok(tx) : fail(badResponse("transaction_get", "respuesta sin transacción"));
  }

  /** GET /transactions?reference= (private key): every transaction Wompi holds under our reference (0 or 1 for us). */
  async findByReference(reference: string): Promise<WompiResult<WompiTransaction[]>> {
    const r = await this.read("transaction_find", `/transactions?reference=${encodeURIComponent(reference)}`, "private");
    if (!r.ok) return r;
    const list = isObject(r.value) && Array.isArray(r.value.data) ? r.value.data : null;
    if (!list) return fail(badResponse("transaction_find", "respuesta sin lista"));
    const txs = list.map(parseTransaction);
    if (txs.some((t) => t === null)) return fail(badResponse("transaction_find", "transacción ilegible en la lista"));
    // Wompi filters by reference; we still keep only exact matches (a prefix search would be a disaster here).
    return ok((txs as WompiTransaction[]).filter((t) => t.reference === reference));
  }

  /**
   * POST /transactions/{id}/void (private key): cancels an APPROVED card transaction. The answer's shape is not
   * documented on the official pages, so the caller reads the transaction again to learn its status.
   */
  async voidTransaction(id: string): Promise<WompiResult<null>> {
    const r = await this.write("transaction_void", "POST", `/transactions/${encodeURIComponent(id)}/void`, "private", {});
    return r.ok ? ok(null) : r;
  }

  private async read(op: string, path: string, auth: Auth): Promise<WompiResult<unknown>> {
    const attempts = Math.max(1, this.opts.readAttempts ?? 3);
    let last: WompiError | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await new Promise((r) => setTimeout(r, (this.opts.backoffMs ?? 250) * 2 ** (attempt - 2)));
      const r = await this.send(op, "GET", path, auth, undefined);
      if (r.ok) return r;
      last = r.error;
      if (r.error.kind !== "unavailable" && r.error.kind !== "timeout") break;
    }
    return fail({ ...last!, uncertain: false });
  }

  private async write(op: string, method: "POST", path: string, auth: Auth, body: unknown): Promise<WompiResult<unknown>> {
    return this.send(op, method, path, auth, body);
  }

  private async send(op: string, method: string, path: string, auth: Auth, body: unknown): Promise<WompiResult<unknown>> {
    const started = performance.now();
    const isWrite = method !== "GET";
    let answer: Answer;
    try {
      const headers: Record<string, string> = { accept: "application/json" };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (auth !== "none") headers.authorization = `Bearer ${auth === "public" ? this.opts.publicKey : this.opts.privateKey}`;
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
        redirect: "error",
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = undefined;
      }
      answer = { status: res.status, body: parsed };
    } catch (e) {
      const name = (e as Error)?.name;
      const timedOut = name === "TimeoutError" || name === "AbortError";
      const error: WompiError = {
        kind: timedOut ? "timeout" : "unavailable",
        status: null,
        message: timedOut ? `Wompi no respondió a tiempo (${op})` : `No se pudo conectar con Wompi (${op})`,
        uncertain: isWrite,
      };
      this.logFailure(op, error, started);
      return fail(error);
    }
    if (answer.status >= 200 && answer.status < 300) {
      if (answer.body === undefined) {
        const error = { ...badResponse(op, "respuesta que no es JSON"), uncertain: isWrite };
        this.logFailure(op, error, started);
        return fail(error);
      }
      return ok(answer.body);
    }
    const error = this.errorOf(op, answer, isWrite);
    this.logFailure(op, error, started);
    return fail(error);
  }

  private errorOf(op: string, a: Answer, isWrite: boolean): WompiError {
    const err = isObject(a.body) && isObject(a.body.error) ? a.body.error : null;
    const type = err ? str(err.type)?.slice(0, 64) : undefined;
    const reason = err ? this.safeText(err.reason) : undefined;
    if (a.status === 401) {
      return { kind: "unauthorized", status: 401, type, message: `Wompi rechazó la llave (${op})${reason ? `: ${reason}` : ""}`, uncertain: false };
    }
    if (a.status === 422) {
      const fields: Record<string, string[]> = {};
      if (err && isObject(err.messages)) {
        for (const [k, v] of Object.entries(err.messages).slice(0, 20)) {
          const list = (Array.isArray(v) ? v : [v]).map((m) => this.safeText(typeof m === "string" ? m : JSON.stringify(m)) ?? "").filter(Boolean);
          fields[k.slice(0, 64)] = list.slice(0, 5);
        }
      }
      const summary = Object.entries(fields)
        .map(([k, v]) => `${k}: ${v.join(", ")}`)
        .join("; ");
      return { kind: "validation", status: 422, type, fields, message: `Wompi rechazó los datos (${op})${summary ? `: ${summary}` : reason ? `: ${reason}` : ""}`, uncertain: false };
    }
    if (a.status === 404) return { kind: "not_found", status: 404, type, message: `Wompi no encontró el recurso (${op})`, uncertain: false };
    // 5xx, 429 and anything else: Wompi could not answer; a write may or may not have happened.
    return { kind: "unavailable", status: a.status, type, message: `Wompi respondió ${a.status} (${op})`, uncertain: isWrite && a.status >= 500 };
  }

  /** Text from Wompi, made safe to keep: our own keys and anything card-like removed, 200 characters at most. */
  private safeText(x: unknown): string | undefined {
    if (typeof x !== "string" || x.length === 0) return undefined;
    let s = x.slice(0, 500);
    for (const k of [this.opts.privateKey, this.opts.integritySecret, this.opts.publicKey]) if (k) s = s.split(k).join("[redactado]");
    return redact(s).slice(0, 200);
  }

  private logFailure(op: string, e: WompiError, started: number) {
    this.opts.log?.warn("wompi_request_failed", { op, kind: e.kind, status: e.status, type: e.type, ms: Math.round(performance.now() - started) });
  }
}

function badResponse(op: string, what: string): WompiError {
  return { kind: "bad_response", status: null, message: `Respuesta inesperada de Wompi (${op}): ${what}`, uncertain: false };
}

/** A transaction from Wompi's JSON, checked; null when a field we rely on is missing or of another type. */
export function parseTransaction(x: unknown): WompiTransaction | null {
  if (!isObject(x)) return null;
  const id = str(x.id);
  const reference = str(x.reference);
  const status = str(x.status) as WompiStatus | undefined;
  const amount = x.amount_in_cents;
  if (!id || reference === undefined || !status || !WOMPI_STATUSES.includes(status)) return null;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 0) return null;
  const pm = isObject(x.payment_method) ? x.payment_method : null;
  const extra = pm && isObject(pm.extra) ? pm.extra : {};
  const e = (k: string) => (typeof extra[k] === "string" || typeof extra[k] === "number" ? String(extra[k]) : undefined);
  return {
    id,
    reference,
    status,
    statusMessage: str(x.status_message) ?? null,
    amountInCents: amount,
    currency: str(x.currency) ?? "",
    paymentMethodType: str(x.payment_method_type) ?? (pm ? str(pm.type) ?? "" : ""),
    createdAt: str(x.created_at) ?? null,
    finalizedAt: str(x.finalized_at) ?? null,
    extra: {
      asyncPaymentUrl: e("async_payment_url"),
      businessAgreementCode: e("business_agreement_code"),
      paymentIntentionIdentifier: e("payment_intention_identifier"),
      processorResponseCode: e("processor_response_code"),
      externalIdentifier: e("external_identifier"),
    },
  };
}

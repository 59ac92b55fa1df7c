// Wompi, faked from its public documentation (docs.wompi.co: "Datos de prueba en Sandbox", "Métodos de pago",
// "Tokens de aceptación", "Eventos", "Errores"; notes in /work/shared/research/wompi.md and docs/payments.md
// "Wompi"). A node:http server holding everything in memory, so tests can reach every state Wompi can be in
// without the network:
//   - the documented sandbox values: card 4242 4242 4242 4242 approves, 4111 1111 1111 1111 declines, any
//     other card ends in ERROR; Nequi 3991111111 approves, 3992222222 declines, other numbers ERROR; PSE bank
//     "1" approves, "2" declines; Bancolombia collect gives a business agreement code and a payment intention;
//   - every transaction starts PENDING and becomes final after a configurable delay, or on command
//     (complete()), or, for PSE, on the fake bank's page at `async_payment_url`;
//   - events signed with the events secret POSTed to `eventsUrl`, with controls to drop, duplicate, delay,
//     hold and release in another order, or tamper with them;
//   - 401 for a missing or wrong key (and a key of the other environment), 422 for bad input, a bad integrity
//     signature, a stale acceptance token or a reference used before, 404 for unknown transactions;
//   - switches that make a route answer 500 or hang, before or after it acts;
//   - a record of every request and every transaction, so tests can count charges.
// Where the documentation is silent (the void answer's shape, the exact decline texts) the choice is noted.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eventChecksum, integritySignature } from "@/lib/gateways/wompi/signatures";
import type { WompiStatus } from "@/lib/gateways/wompi/types";

export type FakeMethod = "CARD" | "NEQUI" | "PSE" | "BANCOLOMBIA_COLLECT";

export interface FakeTransaction {
  id: string;
  reference: string;
  amount_in_cents: number;
  currency: string;
  customer_email: string;
  payment_method_type: FakeMethod;
  payment_method: Record<string, unknown> & { type: FakeMethod; extra?: Record<string, unknown> };
  status: WompiStatus;
  status_message: string | null;
  created_at: string;
  finalized_at: string | null;
  redirect_url: string | null;
  customer_data: Record<string, unknown> | null;
  /** Not part of Wompi's answer: the outcome this transaction will reach (from the sandbox values). */
  outcome: "APPROVED" | "DECLINED" | "ERROR";
  /** Not part of Wompi's answer: the key used to create it. */
  createdWith: "public" | "private";
  /** Not part of Wompi's answer: ms (fake clock) at creation, for the delay of extras. */
  createdMs: number;
  /** `expiration_time` as sent (ISO 8601), null when none was sent; it is part of the integrity signature. */
  expiration_time?: string | null;
}

export interface WompiEventBody {
  event: string;
  data: { transaction: Record<string, unknown> };
  environment: "test" | "prod";
  signature: { properties: string[]; checksum: string };
  timestamp: number;
  sent_at: string;
}

export type FailureKind = "500" | "hang" | "500-after" | "hang-after";

/** Routes a failure can be armed on. */
export type FakeRoute =
  | "GET /merchants"
  | "POST /tokens/cards"
  | "POST /transactions"
  | "GET /transactions/{id}"
  | "GET /transactions?reference"
  | "POST /transactions/{id}/void"
  | "GET /pse/financial_institutions";

export interface EventDelivery {
  transactionId: string;
  status: string;
  /** HTTP status our endpoint answered, or 0 when it could not be reached. */
  answered: number;
  body: WompiEventBody;
}

export interface FakeWompiOptions {
  publicKey?: string;
  privateKey?: string;
  eventsSecret?: string;
  integritySecret?: string;
  /** Where events are POSTed (the product's /api/gateways/wompi/events); unset: events are kept in `undelivered`. */
  eventsUrl?: string;
  /**
   * Per method, ms after creation until the transaction becomes final on its own; null: only on command (or,
   * for PSE, the fake bank page). Defaults: CARD 0, NEQUI 0, PSE null, BANCOLOMBIA_COLLECT null.
   */
  finalizeAfterMs?: Partial<Record<FakeMethod, number | null>>;
  /** ms after creation until PSE's async_payment_url and collect's codes appear on GET (default 0: on the first GET). */
  extrasAfterMs?: number;
  /** The fake's clock in ms (event timestamps, created_at). */
  nowMs?: () => number;
}

export interface FakeWompi {
  /** API base including /v1, as WOMPI_API_URL. */
  url: string;
  /** The fake's root, where the PSE bank page lives. */
  root: string;
  keys: { publicKey: string; privateKey: string; eventsSecret: string; integritySecret: string };
  /** Every transaction created, in order. */
  transactions: FakeTransaction[];
  /** Every request: "METHOD /path" (query kept) and the key it came with. */
  requests: Array<{ route: string; auth: "none" | "public" | "private" | "invalid" }>;
  /** Transactions created under a reference. */
  charges(reference: string): FakeTransaction[];
  transaction(id: string): FakeTransaction | undefined;
  /** Makes a pending transaction final now (the payer paid, the bank answered) and sends its event. */
  complete(id: string, status?: "APPROVED" | "DECLINED" | "ERROR"): void;
  /** Arms a failure on the next `count` requests of a route (count Infinity: until disarmed with 0). */
  failNext(route: FakeRoute, kind: FailureKind, count?: number): void;
  /**
   * Arms a failure on `route` (as failNext) once the next request of `after` arrives: e.g. the look-up by
   * reference lost right after a POST /transactions whose answer was lost too.
   */
  failNextAfter(after: FakeRoute, route: FakeRoute, kind: FailureKind, count?: number): void;
  /** New acceptance tokens: the old ones are refused with 422 from now on. */
  rotateAcceptanceTokens(): void;
  /** Whether an approved card transaction may still be voided (Wompi allows it only for a while). Default true. */
  setVoidable(v: boolean): void;
  events: {
    url: string | undefined;
    /** deliver (default), drop (lost), duplicate (sent twice), hold (kept until release). */
    mode: "deliver" | "drop" | "duplicate" | "hold";
    delayMs: number;
    /** Changes each event after it is signed (a forged or corrupted event). */
    tamper: ((e: WompiEventBody) => WompiEventBody) | null;
    delivered: EventDelivery[];
    held: WompiEventBody[];
    /** Events produced while no URL was set. */
    undelivered: WompiEventBody[];
    /** Sends the held events, in the order they were made or reversed. */
    release(order?: "fifo" | "lifo"): Promise<void>;
    /** Sends an event again (Wompi's retries: 30 min, 3 h, 24 h after a non-200). */
    resend(body: WompiEventBody): Promise<number>;
    /** Sends again every event whose last delivery was not answered 200. */
    retryFailed(): Promise<number>;
    /** Resolves when no delivery is in flight. */
    idle(): Promise<void>;
  };
  /** A signed event for a transaction in its current state (or with changes), as Wompi would send it. */
  eventFor(id: string, opts?: { timestamp?: number; properties?: string[]; secret?: string; transaction?: Record<string, unknown> }): WompiEventBody;
  close(): Promise<void>;
}

/**
 * The event signed (again) with `secret`, as Wompi signs: SHA-256 of the values of `signature.properties` read
 * inside `data`, then `timestamp`, then the secret. The one signing helper of the tests: a forged event (changed
 * after signing, then signed with the real secret) or one signed with another secret.
 */
export function signWompiEvent<E extends { data: unknown; timestamp: number; signature: { properties: string[]; checksum: string } }>(e: E, secret: string): E {
  const checksum = eventChecksum({ data: e.data, timestamp: e.timestamp, signature: { properties: e.signature.properties } }, secret);
  if (checksum === undefined) throw new Error("fake wompi: a signed property is missing from the event");
  return { ...e, signature: { ...e.signature, checksum } };
}

const SANDBOX_CARDS: Record<string, "APPROVED" | "DECLINED"> = { "4242424242424242": "APPROVED", "4111111111111111": "DECLINED" };
const SANDBOX_NEQUI: Record<string, "APPROVED" | "DECLINED"> = { "3991111111": "APPROVED", "3992222222": "DECLINED" };
const SANDBOX_BANKS: Record<string, { name: string; outcome: "APPROVED" | "DECLINED" }> = {
  "1": { name: "Banco que aprueba", outcome: "APPROVED" },
  "2": { name: "Banco que rechaza", outcome: "DECLINED" },
};
// Wompi's exact texts are not documented; these are plausible Spanish ones.
const STATUS_MESSAGES: Record<string, string> = {
  DECLINED: "Transacción rechazada por la entidad financiera",
  ERROR: "Error procesando la transacción con el medio de pago",
};

const hex = (n: number) => crypto.randomBytes(n).toString("hex");
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);

export async function startFakeWompi(options: FakeWompiOptions = {}): Promise<FakeWompi> {
  const tag = hex(6);
  const keys = {
    publicKey: options.publicKey ?? `pub_test_${tag}`,
    privateKey: options.privateKey ?? `prv_test_${tag}${hex(8)}`,
    eventsSecret: options.eventsSecret ?? `test_events_${hex(12)}`,
    integritySecret: options.integritySecret ?? `test_integrity_${hex(12)}`,
  };
  const environment = keys.publicKey.startsWith("pub_prod_") ? "prod" : "test";
  const merchantId = 10000 + crypto.randomInt(80000);
  const nowMs = options.nowMs ?? (() => Date.now());
  const finalizeAfter: Record<FakeMethod, number | null> = { CARD: 0, NEQUI: 0, PSE: null, BANCOLOMBIA_COLLECT: null, ...options.finalizeAfterMs };
  const extrasAfterMs = options.extrasAfterMs ?? 0;

  const transactions: FakeTransaction[] = [];
  const byId = new Map<string, FakeTransaction>();
  const tokens = new Map<string, { number: string; uses: number }>();
  const requests: FakeWompi["requests"] = [];
  const failures = new Map<FakeRoute, { kind: FailureKind; left: number }>();
  const chained = new Map<FakeRoute, { route: FakeRoute; kind: FailureKind; left: number }>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let acceptance = { end: `eyJ.${hex(16)}.end_user`, personal: `eyJ.${hex(16)}.personal_data` };
  let voidable = true;

  const iso = (ms: number) => new Date(ms).toISOString();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  /** Wompi's JSON for a transaction (what GET, POST and events carry), with extras once they are due. */
  function wire(t: FakeTransaction, opts: { withExtras?: boolean } = {}): Record<string, unknown> {
    const pm = { ...t.payment_method, extra: { ...(t.payment_method.extra ?? {}) } };
    const due = opts.withExtras !== false && nowMs() - t.createdMs >= extrasAfterMs;
    if (!due || opts.withExtras === false) {
      delete pm.extra.async_payment_url;
      delete pm.extra.business_agreement_code;
      delete pm.extra.payment_intention_identifier;
    }
    return {
      id: t.id,
      created_at: t.created_at,
      finalized_at: t.finalized_at,
      amount_in_cents: t.amount_in_cents,
      reference: t.reference,
      customer_email: t.customer_email,
      currency: t.currency,
      payment_method_type: t.payment_method_type,
      payment_method: pm,
      status: t.status,
      status_message: t.status_message,
      shipping_address: null,
      redirect_url: t.redirect_url,
      payment_source_id: null,
      payment_link_id: null,
      customer_data: t.customer_data,
      billing_data: null,
    };
  }

  function eventFor(id: string, o: Parameters<FakeWompi["eventFor"]>[1] = {}): WompiEventBody {
    const t = byId.get(id);
    if (!t && !o.transaction) throw new Error(`fake wompi: no transaction ${id}`);
    const transaction = { ...(t ? wire(t) : {}), ...(o.transaction ?? {}) };
    const timestamp = o.timestamp ?? Math.floor(nowMs() / 1000);
    const properties = o.properties ?? ["transaction.id", "transaction.status", "transaction.amount_in_cents"];
    const data = { transaction };
    const checksum = eventChecksum({ data, timestamp, signature: { properties } }, o.secret ?? keys.eventsSecret) ?? "";
    return { event: "transaction.updated", data, environment, signature: { properties, checksum }, timestamp, sent_at: iso(nowMs()) };
  }

  async function post(body: WompiEventBody): Promise<number> {
    const url = events.url;
    if (!url) {
      events.undelivered.push(body);
      return 0;
    }
    const tx = body.data?.transaction ?? {};
    let answered = 0;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-event-checksum": body.signature?.checksum ?? "" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer();
      answered = res.status;
    } catch {
      answered = 0;
    }
    events.delivered.push({ transactionId: String(tx.id ?? ""), status: String(tx.status ?? ""), answered, body });
    return answered;
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  function emit(t: FakeTransaction) {
    let body = eventFor(t.id);
    if (events.tamper) body = events.tamper(body);
    const mode = events.mode;
    if (mode === "drop") return;
    if (mode === "hold") {
      events.held.push(body);
      return;
    }
    const send = async () => {
      if (events.delayMs > 0) await new Promise((r) => setTimeout(r, events.delayMs));
      await post(body);
      if (mode === "duplicate") await post(body);
    };
    void track(send());
  }

  function finalize(t: FakeTransaction, status: "APPROVED" | "DECLINED" | "ERROR" | "VOIDED") {
    if (t.status !== "PENDING" && !(status === "VOIDED" && t.status === "APPROVED")) return;
    t.status = status;
    t.finalized_at = iso(nowMs());
    t.status_message = STATUS_MESSAGES[status] ?? null;
    if (t.payment_method_type === "CARD" && t.payment_method.extra) {
      t.payment_method.extra.processor_response_code = status === "APPROVED" ? "00" : status === "DECLINED" ? "51" : "96";
    }
    emit(t);
  }

  const events: FakeWompi["events"] = {
    url: options.eventsUrl,
    mode: "deliver",
    delayMs: 0,
    tamper: null,
    delivered: [],
    held: [],
    undelivered: [],
    async release(order = "fifo") {
      const list = order === "fifo" ? events.held.splice(0) : events.held.splice(0).reverse();
      for (const b of list) await track(post(b));
    },
    resend: (body) => track(post(body)),
    async retryFailed() {
      const last = new Map<string, EventDelivery>();
      for (const d of events.delivered) last.set(`${d.transactionId}|${d.status}|${d.body.timestamp}`, d);
      let n = 0;
      for (const d of last.values()) {
        if (d.answered !== 200) {
          await track(post(d.body));
          n++;
        }
      }
      return n;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };

  // --- HTTP ---------------------------------------------------------------------------------------------

  type Reply = { status: number; body: unknown; contentType?: string; headers?: Record<string, string> };
  const json = (status: number, body: unknown): Reply => ({ status, body });
  const unauthorized = (reason = "La llave proporcionada no es válida"): Reply => json(401, { error: { type: "INVALID_ACCESS_TOKEN", reason } });
  const invalid = (messages: Record<string, string[]>): Reply => json(422, { error: { type: "INPUT_VALIDATION_ERROR", messages } });
  const notFound = (): Reply => json(404, { error: { type: "NOT_FOUND_ERROR", reason: "La entidad solicitada no existe" } });

  function authOf(req: http.IncomingMessage): "none" | "public" | "private" | "invalid" | "other_env" {
    const h = req.headers.authorization;
    if (!h) return "none";
    const m = /^Bearer (.+)$/.exec(h);
    if (!m) return "invalid";
    if (m[1] === keys.publicKey) return "public";
    if (m[1] === keys.privateKey) return "private";
    const otherEnv = environment === "test" ? /^(pub|prv)_prod_/ : /^(pub|prv)_test_/;
    return otherEnv.test(m[1]) ? "other_env" : "invalid";
  }

  function requireKey(auth: ReturnType<typeof authOf>, allowed: Array<"none" | "public" | "private">): Reply | null {
    if (auth === "other_env") return unauthorized("La llave proporcionada no corresponde a este ambiente.");
    if (auth === "invalid") return unauthorized();
    if (!allowed.includes(auth)) return unauthorized(auth === "none" ? "Se requiere una llave de acceso" : "La llave no tiene permiso para esta operación");
    return null;
  }

  function createTransaction(body: Record<string, unknown>, auth: "public" | "private"): Reply {
    const messages: Record<string, string[]> = {};
    const amount = body.amount_in_cents;
    const currency = body.currency;
    const reference = body.reference;
    const email = body.customer_email;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) messages.amount_in_cents = ["Debe ser un entero positivo"];
    if (currency !== "COP") messages.currency = ["Moneda no soportada"];
    if (typeof reference !== "string" || reference.length === 0 || reference.length > 255) messages.reference = ["Debe ser un texto de 1 a 255 caracteres"];
    if (typeof email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) messages.customer_email = ["Debe ser un correo válido"];
    if (body.acceptance_token !== acceptance.end) messages.acceptance_token = ["El token de aceptación no es válido o expiró"];
    if (body.accept_personal_auth !== undefined && body.accept_personal_auth !== acceptance.personal) messages.accept_personal_auth = ["El token de autorización de datos no es válido"];
    if (Object.keys(messages).length > 0) return invalid(messages);
    const expected = integritySignature(
      { reference: reference as string, amountInCents: amount as number, currency: currency as string, expirationTime: typeof body.expiration_time === "string" ? body.expiration_time : undefined },
      keys.integritySecret,
    );
    if (body.expiration_time !== undefined && (typeof body.expiration_time !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(body.expiration_time))) {
      return invalid({ expiration_time: ["Debe ser una fecha ISO 8601 en UTC"] });
    }
    if (body.signature !== expected) return invalid({ signature: ["La firma es inválida"] });
    if (transactions.some((t) => t.reference === reference)) return invalid({ reference: ["La referencia ya ha sido usada"] });

    const pm = isObject(body.payment_method) ? body.payment_method : null;
    const type = pm?.type;
    let outcome: FakeTransaction["outcome"] = "ERROR";
    let method: FakeTransaction["payment_method"];
    const customer = isObject(body.customer_data) ? body.customer_data : null;
    if (type === "CARD") {
      const token = typeof pm!.token === "string" ? tokens.get(pm!.token) : undefined;
      const installments = pm!.installments;
      if (!token) return invalid({ "payment_method.token": ["El token no existe"] });
      if (typeof installments !== "number" || !Number.isInteger(installments) || installments < 1 || installments > 36) {
        return invalid({ "payment_method.installments": ["Debe ser un entero entre 1 y 36"] });
      }
      token.uses++;
      outcome = SANDBOX_CARDS[token.number] ?? "ERROR";
      const last = token.number.slice(-4);
      method = {
        type: "CARD",
        token: pm!.token as string,
        installments,
        extra: { bin: token.number.slice(0, 6), name: `VISA-${last}`, brand: "VISA", card_type: "CREDIT", last_four: last, external_identifier: hex(5) },
      };
    } else if (type === "NEQUI") {
      const phone = pm!.phone_number;
      if (typeof phone !== "string" || !/^\d{10}$/.test(phone)) return invalid({ "payment_method.phone_number": ["Debe ser un celular de 10 dígitos"] });
      outcome = SANDBOX_NEQUI[phone] ?? "ERROR";
      method = { type: "NEQUI", phone_number: phone, extra: {} };
    } else if (type === "PSE") {
      const m: Record<string, string[]> = {};
      if (pm!.user_type !== 0 && pm!.user_type !== 1) m["payment_method.user_type"] = ["Debe ser 0 (persona) o 1 (empresa)"];
      if (typeof pm!.user_legal_id_type !== "string" || !["CC", "CE", "NIT", "PP", "TI", "DNI", "RG", "OTHER"].includes(pm!.user_legal_id_type)) {
        m["payment_method.user_legal_id_type"] = ["Tipo de documento no válido"];
      }
      if (typeof pm!.user_legal_id !== "string" || !/^[0-9A-Za-z-]{3,20}$/.test(pm!.user_legal_id)) m["payment_method.user_legal_id"] = ["Documento no válido"];
      if (typeof pm!.financial_institution_code !== "string" || !SANDBOX_BANKS[pm!.financial_institution_code]) {
        m["payment_method.financial_institution_code"] = ["Entidad financiera no válida"];
      }
      if (typeof pm!.payment_description !== "string" || pm!.payment_description.length === 0 || pm!.payment_description.length > 30) {
        m["payment_method.payment_description"] = ["Debe tener entre 1 y 30 caracteres"];
      }
      if (!customer || typeof customer.full_name !== "string" || customer.full_name.trim() === "") m["customer_data.full_name"] = ["Es obligatorio"];
      if (!customer || typeof customer.phone_number !== "string" || !/^\+?\d{7,15}$/.test(customer.phone_number)) m["customer_data.phone_number"] = ["Es obligatorio"];
      if (Object.keys(m).length > 0) return invalid(m);
      outcome = SANDBOX_BANKS[pm!.financial_institution_code as string].outcome;
      method = {
        type: "PSE",
        user_type: pm!.user_type,
        user_legal_id_type: pm!.user_legal_id_type,
        user_legal_id: pm!.user_legal_id,
        financial_institution_code: pm!.financial_institution_code,
        payment_description: pm!.payment_description,
        extra: {},
      };
    } else if (type === "BANCOLOMBIA_COLLECT") {
      outcome = "APPROVED";
      method = { type: "BANCOLOMBIA_COLLECT", extra: {} };
    } else {
      return invalid({ "payment_method.type": ["Método de pago no soportado"] });
    }

    const now = nowMs();
    const id = `${merchantId}-${Math.floor(now / 1000)}-${String(crypto.randomInt(100000)).padStart(5, "0")}`;
    if (type === "PSE") method.extra = { async_payment_url: `${root}/bank/${id}`, traceability_code: hex(6) };
    if (type === "BANCOLOMBIA_COLLECT") {
      method.extra = { business_agreement_code: String(10000 + crypto.randomInt(90000)), payment_intention_identifier: String(crypto.randomInt(1e9, 1e10)) + String(crypto.randomInt(100, 1000)) };
    }
    const t: FakeTransaction = {
      id,
      reference: reference as string,
      amount_in_cents: amount as number,
      currency: currency as string,
      customer_email: email as string,
      payment_method_type: type as FakeMethod,
      payment_method: method,
      status: "PENDING",
      status_message: null,
      created_at: iso(now),
      finalized_at: null,
      redirect_url: typeof body.redirect_url === "string" ? body.redirect_url : null,
      customer_data: customer,
      outcome,
      createdWith: auth,
      createdMs: now,
      expiration_time: typeof body.expiration_time === "string" ? body.expiration_time : null,
    };
    transactions.push(t);
    byId.set(id, t);
    const delay = finalizeAfter[t.payment_method_type];
    if (delay !== null && delay !== undefined) later(delay, () => finalize(t, t.outcome));
    // The creation answer carries no extras yet: Wompi says to poll until they appear.
    return json(201, { data: wire(t, { withExtras: false }) });
  }

  function bankPage(t: FakeTransaction): Reply {
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Banco de pruebas (PSE)</title></head><body>
<h1>Banco de pruebas</h1><p>Pago ${t.reference}: $ ${(t.amount_in_cents / 100).toFixed(2)} COP</p>
<form method="post" action="/bank/${t.id}?outcome=APPROVED"><button>Aprobar pago</button></form>
<form method="post" action="/bank/${t.id}?outcome=DECLINED"><button>Rechazar pago</button></form></body></html>`;
    return { status: 200, body: html, contentType: "text/html; charset=utf-8" };
  }

  async function route(req: http.IncomingMessage, url: URL, raw: string): Promise<{ label: FakeRoute | null; act: () => Reply }> {
    const method = req.method ?? "GET";
    const path = url.pathname;
    const auth = authOf(req);
    requests.push({ route: `${method} ${path}${url.search}`, auth: auth === "other_env" ? "invalid" : auth });
    let body: Record<string, unknown> = {};
    if (method === "POST" && raw.trim() !== "") {
      try {
        const parsed = JSON.parse(raw);
        body = isObject(parsed) ? parsed : {};
      } catch {
        return { label: null, act: () => json(400, { error: { type: "BAD_REQUEST", reason: "JSON inválido" } }) };
      }
    }
    let m: RegExpExecArray | null;
    if (method === "GET" && (m = /^\/v1\/merchants\/([^/]+)$/.exec(path))) {
      const key = decodeURIComponent(m[1]);
      return {
        label: "GET /merchants",
        act: () =>
          key !== keys.publicKey
            ? notFound()
            : json(200, {
                data: {
                  id: merchantId,
                  name: "Comercio de pruebas",
                  public_key: keys.publicKey,
                  accepted_currencies: ["COP"],
                  accepted_payment_methods: ["CARD", "NEQUI", "PSE", "BANCOLOMBIA_COLLECT"],
                  presigned_acceptance: { acceptance_token: acceptance.end, permalink: `${root}/terms/end-user.pdf`, type: "END_USER_POLICY" },
                  presigned_personal_data_auth: { acceptance_token: acceptance.personal, permalink: `${root}/terms/personal-data.pdf`, type: "PERSONAL_DATA_AUTH" },
                },
              }),
      };
    }
    if (method === "GET" && path === "/v1/pse/financial_institutions") {
      return {
        label: "GET /pse/financial_institutions",
        act: () =>
          requireKey(auth, ["public", "private"]) ??
          json(200, { data: Object.entries(SANDBOX_BANKS).map(([code, b]) => ({ financial_institution_code: code, financial_institution_name: b.name })) }),
      };
    }
    if (method === "POST" && path === "/v1/tokens/cards") {
      return {
        label: "POST /tokens/cards",
        act: () => {
          const denied = requireKey(auth, ["public", "private"]);
          if (denied) return denied;
          const msgs: Record<string, string[]> = {};
          const number = body.number;
          if (typeof number !== "string" || !/^\d{13,19}$/.test(number)) msgs.number = ["Número de tarjeta inválido"];
          if (typeof body.cvc !== "string" || !/^\d{3,4}$/.test(body.cvc)) msgs.cvc = ["Debe tener 3 o 4 dígitos"];
          if (typeof body.exp_month !== "string" || !/^(0[1-9]|1[0-2])$/.test(body.exp_month)) msgs.exp_month = ["Mes inválido"];
          if (typeof body.exp_year !== "string" || !/^\d{2}$/.test(body.exp_year)) msgs.exp_year = ["Año inválido"];
          if (typeof body.card_holder !== "string" || body.card_holder.trim().length < 1) msgs.card_holder = ["Es obligatorio"];
          if (Object.keys(msgs).length === 0) {
            const y = 2000 + Number(body.exp_year);
            const mo = Number(body.exp_month);
            const d = new Date(nowMs());
            if (y < d.getUTCFullYear() || (y === d.getUTCFullYear() && mo < d.getUTCMonth() + 1)) msgs.exp_year = ["La tarjeta está vencida"];
          }
          if (Object.keys(msgs).length > 0) return invalid(msgs);
          const id = `tok_test_${merchantId}_${hex(16)}`;
          tokens.set(id, { number: number as string, uses: 0 });
          const n = number as string;
          return json(201, {
            status: "CREATED",
            data: { id, created_at: iso(nowMs()), brand: "VISA", name: `VISA-${n.slice(-4)}`, last_four: n.slice(-4), bin: n.slice(0, 6), exp_year: body.exp_year, exp_month: body.exp_month, card_holder: body.card_holder, expires_at: iso(nowMs() + 30 * 60_000) },
          });
        },
      };
    }
    if (method === "POST" && path === "/v1/transactions") {
      return {
        label: "POST /transactions",
        act: () => {
          // The official pages disagree on the key (public in the API reference, private in the newer guide): both are accepted.
          const denied = requireKey(auth, ["public", "private"]);
          return denied ?? createTransaction(body, auth as "public" | "private");
        },
      };
    }
    if (method === "GET" && path === "/v1/transactions") {
      return {
        label: "GET /transactions?reference",
        act: () => {
          const denied = requireKey(auth, ["private"]);
          if (denied) return denied;
          const reference = url.searchParams.get("reference");
          if (!reference) return invalid({ reference: ["Es obligatorio"] });
          return json(200, { data: transactions.filter((t) => t.reference === reference).map((t) => wire(t)) });
        },
      };
    }
    if (method === "GET" && (m = /^\/v1\/transactions\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1]);
      return {
        label: "GET /transactions/{id}",
        act: () => {
          const denied = requireKey(auth, ["none", "public", "private"]);
          if (denied) return denied;
          const t = byId.get(id);
          return t ? json(200, { data: wire(t) }) : notFound();
        },
      };
    }
    if (method === "POST" && (m = /^\/v1\/transactions\/([^/]+)\/void$/.exec(path))) {
      const id = decodeURIComponent(m[1]);
      return {
        label: "POST /transactions/{id}/void",
        act: () => {
          const denied = requireKey(auth, ["private"]);
          if (denied) return denied;
          const t = byId.get(id);
          if (!t) return notFound();
          if (t.payment_method_type !== "CARD") return invalid({ transaction: ["Solo se pueden anular transacciones con tarjeta"] });
          if (t.status !== "APPROVED") return invalid({ transaction: [`No se puede anular una transacción en estado ${t.status}`] });
          if (!voidable) return invalid({ transaction: ["La transacción ya no se puede anular"] });
          finalize(t, "VOIDED");
          // The answer's shape is not on the official pages; the client reads the transaction again anyway.
          return json(200, { data: { status: "VOIDED", transaction: wire(t) } });
        },
      };
    }
    if ((m = /^\/bank\/([^/]+)$/.exec(path))) {
      const t = byId.get(decodeURIComponent(m[1]));
      return {
        label: null,
        act: () => {
          if (!t || t.payment_method_type !== "PSE") return { status: 404, body: "no existe", contentType: "text/plain" };
          if (method === "GET") return bankPage(t);
          const outcome = url.searchParams.get("outcome") === "DECLINED" ? "DECLINED" : "APPROVED";
          finalize(t, t.outcome === "DECLINED" ? "DECLINED" : outcome);
          const back = t.redirect_url ? `${t.redirect_url}${t.redirect_url.includes("?") ? "&" : "?"}id=${encodeURIComponent(t.id)}&env=${environment}` : `${root}/bank/${t.id}`;
          return { status: 303, body: "", contentType: "text/plain", headers: { location: back } };
        },
      };
    }
    return { label: null, act: () => notFound() };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://fake");
        const { label, act } = await route(req, url, Buffer.concat(chunks).toString("utf8"));
        const next = label ? chained.get(label) : undefined;
        if (label && next) {
          chained.delete(label);
          failures.set(next.route, { kind: next.kind, left: next.left });
        }
        const armed = label ? failures.get(label) : undefined;
        if (armed && armed.left > 0) {
          armed.left--;
          if (armed.kind === "500-after" || armed.kind === "hang-after") act();
          if (armed.kind === "hang" || armed.kind === "hang-after") return; // never answers; close() ends the socket
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { type: "INTERNAL_SERVER_ERROR", reason: "Error interno" } }));
          return;
        }
        const reply = act();
        const ct = reply.contentType ?? "application/json";
        res.writeHead(reply.status, { "content-type": ct, ...(reply.headers ?? {}) });
        res.end(ct.startsWith("application/json") ? JSON.stringify(reply.body) : String(reply.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${root}/v1`,
    root,
    keys,
    transactions,
    requests,
    events,
    charges: (reference) => transactions.filter((t) => t.reference === reference),
    transaction: (id) => byId.get(id),
    complete(id, status) {
      const t = byId.get(id);
      if (!t) throw new Error(`fake wompi: no transaction ${id}`);
      finalize(t, status ?? t.outcome);
    },
    failNext(route, kind, count = 1) {
      failures.set(route, { kind, left: count });
    },
    failNextAfter(after, route, kind, count = 1) {
      chained.set(after, { route, kind, left: count });
    },
    rotateAcceptanceTokens() {
      acceptance = { end: `eyJ.${hex(16)}.end_user`, personal: `eyJ.${hex(16)}.personal_data` };
    },
    setVoidable(v) {
      voidable = v;
    },
    eventFor,
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await events.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

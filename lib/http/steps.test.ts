import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DOMAIN_STATUS, errorData, parseParams, parseWith } from "./steps";
import { alreadyExists, doesNotExist, DOMAIN_CODES, DomainError, notSupported, wrongState } from "@/lib/domain/errors";
import { conflict, HttpError, notFound } from "./errors";
import { InputError } from "./input";
import type { Logger } from "./log";

const lines: Array<[string, string, unknown]> = [];
const log = {
  info: (m: string, f?: unknown) => lines.push(["info", m, f]),
  warn: (m: string, f?: unknown) => lines.push(["warn", m, f]),
  error: (m: string, f?: unknown) => lines.push(["error", m, f]),
  debug: () => undefined,
  child: () => log,
} as unknown as Logger;

describe("the pipeline's error step (REST and MCP answer from this one table)", () => {
  it("keeps an HttpError's status and body", () => {
    expect(errorData(new HttpError(409, "la reserva ya está pagada"), log)).toMatchObject({ status: 409, body: { code: "409", detail: "la reserva ya está pagada" } });
  });
  it("answers a domain error by its code, with the standard body as an HttpError of that status would", () => {
    expect(errorData(new DomainError("wrong_state", "La reserva HB2 está vencida; no se puede modificar"), log)).toEqual({
      status: 409,
      body: { code: "409", message: "Conflicto con el estado actual del recurso", detail: "La reserva HB2 está vencida; no se puede modificar" },
      headers: {},
    });
    for (const code of DOMAIN_CODES) {
      const status = DOMAIN_STATUS[code];
      expect(errorData(new DomainError(code, "x"), log)).toEqual({ status, body: new HttpError(status, "x").toBody(), headers: {} });
    }
    expect(errorData(new DomainError("not_found", "El enlace X no existe"), log).status).toBe(404);
  });
  it("answers the refusals moved from HTTP errors to domain errors exactly as before (issue 25)", () => {
    const same = (domain: DomainError, http: HttpError) => expect(errorData(domain, log)).toEqual(errorData(http, log));
    same(alreadyExists("agency_id: la agencia 7 ya tiene un titular de cuenta registrado"), conflict("agency_id: la agencia 7 ya tiene un titular de cuenta registrado"));
    expect(errorData(alreadyExists("x"), log)).toMatchObject({ status: 409, body: { code: "409", message: "Conflicto con el estado actual del recurso", detail: "x" } });
    same(doesNotExist("La tarjeta vc_1 no existe"), notFound("La tarjeta vc_1 no existe"));
    expect(errorData(doesNotExist("x"), log)).toMatchObject({ status: 404, body: { code: "404", message: "Recurso no encontrado", detail: "x" } });
    same(wrongState("El enlace ya no admite pagos (pagado, vencido o cancelado)"), conflict("El enlace ya no admite pagos (pagado, vencido o cancelado)"));
    same(notSupported("La pasarela de pagos configurada no ofrece Nequi"), conflict("La pasarela de pagos configurada no ofrece Nequi"));
  });

  it("answers refused input (InputError) 400 with its Spanish detail", () => {
    const r = errorData(new InputError("cuerpo", "profundidad"), log);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: "400", message: "Solicitud inválida", detail: new InputError("cuerpo", "profundidad").detail });
  });
  it("answers a value past a column's range (22003, P2020, wrapped) 400, not 500", () => {
    for (const e of [{ code: "22003" }, { code: "P2020" }, { name: "DriverAdapterError", cause: { code: "22003" } }, { meta: { code: "22003" } }]) {
      expect(errorData(e, log)).toEqual({ status: 400, body: { code: "400", message: "Solicitud inválida", detail: "Un valor supera el máximo permitido" } });
    }
  });
  it("answers a busy database 503 with Retry-After", () => {
    const r = errorData({ code: "55P03", message: "canceling statement due to lock timeout" }, log);
    expect(r.status).toBe(503);
    expect(r.headers?.["Retry-After"]).toMatch(/^\d+$/);
  });
  it("answers anything else 500 without the error's text, and logs only its first line", () => {
    const r = errorData(new Error("SELECT secret FROM x\nstack"), log);
    expect(r).toEqual({ status: 500, body: { code: "500", message: "Error interno del servidor", detail: "Ocurrió un error inesperado; intente de nuevo" } });
    expect(lines.at(-1)).toEqual(["error", "unhandled_error", { error: "Error", code: undefined, message: "SELECT secret FROM x" }]);
  });
});

describe("the pipeline's parse step", () => {
  const id = z.object({ id: z.coerce.number().int().positive() });
  it("a path parameter of the wrong shape names nothing: 404; an enum outside its list: 400", () => {
    expect(() => parseParams(id, { id: "abc" })).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => parseParams(z.object({ kind: z.enum(["a", "b"]) }), { kind: "c" })).toThrow(expect.objectContaining({ status: 400 }));
    expect(parseParams(id, { id: "7" })).toEqual({ id: 7 });
  });
  it("query and body refusals are 400 naming the field in Spanish", () => {
    expect(() => parseWith(z.object({ n: z.number() }), { n: "x" })).toThrow(expect.objectContaining({ status: 400 }));
  });
});

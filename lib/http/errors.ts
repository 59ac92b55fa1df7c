// Typed errors thrown by services; lib/http turns them into the standard body {code, message, detail}.

export const STATUS_MESSAGES: Record<number, string> = {
  400: "Solicitud inválida",
  401: "No autenticado",
  403: "Acceso denegado",
  404: "Recurso no encontrado",
  405: "Método no permitido",
  409: "Conflicto con el estado actual del recurso",
  410: "El recurso ya no está disponible",
  413: "La solicitud es demasiado grande",
  415: "Tipo de contenido no soportado",
  429: "Demasiadas solicitudes",
  500: "Error interno del servidor",
  503: "Servicio no disponible",
};

export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly headers: Record<string, string>;
  /** A body that replaces the standard one (e.g. a card rejection). */
  readonly body?: unknown;

  constructor(status: number, detail: string, opts: { message?: string; headers?: Record<string, string>; body?: unknown } = {}) {
    super(opts.message ?? STATUS_MESSAGES[status] ?? "Error");
    this.status = status;
    this.detail = detail;
    this.headers = opts.headers ?? {};
    this.body = opts.body;
  }

  toBody(): unknown {
    return this.body ?? { code: String(this.status), message: this.message, detail: this.detail };
  }
}

export const badRequest = (detail: string, message?: string) => new HttpError(400, detail, { message });
export const unauthorized = (detail = "Se requieren credenciales válidas (Authorization: Bearer <clave API> o sesión)") =>
  new HttpError(401, detail);
export const forbidden = (detail = "No tiene permiso para esta operación") => new HttpError(403, detail);
export const notFound = (detail = "El recurso no existe") => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, `Métodos permitidos: ${allowed.join(", ")}`, { headers: { Allow: allowed.join(", ") } });
export const payloadTooLarge = (limit: number) => new HttpError(413, `El cuerpo supera el límite de ${limit} bytes`);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Límite de solicitudes alcanzado; reintente en ${retryAfterSeconds} s`, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });

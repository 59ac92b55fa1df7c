// The one input gate (issue 13, docs/security.md "Input"): every string that comes in (path, query, JSON or
// form body) is checked before any schema or service sees it. NUL (U+0000) and lone UTF-16 surrogates are
// refused (PostgreSQL cannot store the first, and the second is not text); so are the keys `__proto__`,
// `constructor` and `prototype`, values nested deeper than MAX_DEPTH and more than MAX_VALUES values.
// Parsed objects have no prototype, so even a key that slipped through could not reach Object.prototype.
// Refusals are 400 with a Spanish message naming only where the problem is (ruta, consulta, cuerpo).

export const MAX_DEPTH = 32;
export const MAX_VALUES = 20_000;
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Where the refused value came from, as a user may read it. */
export type InputPlace = "ruta" | "consulta" | "cuerpo";

export type InputProblem = "caracter" | "clave" | "profundidad" | "tamano" | "codificacion";

const PROBLEM_TEXT: Record<InputProblem, string> = {
  caracter: "contiene un carácter no permitido (carácter nulo o texto Unicode inválido)",
  clave: "contiene un nombre de campo reservado",
  profundidad: `tiene demasiados niveles anidados (máximo ${MAX_DEPTH})`,
  tamano: `tiene demasiados valores (máximo ${MAX_VALUES})`,
  codificacion: "tiene una codificación de caracteres (%) inválida",
};

/** A refused input; the pipelines turn it into their 400 body. */
export class InputError extends Error {
  constructor(
    readonly place: InputPlace,
    readonly problem: InputProblem,
  ) {
    super(`${place}: ${PROBLEM_TEXT[problem]}`);
  }
  /** "cuerpo: contiene un carácter no permitido (...)" */
  get detail(): string {
    return this.message;
  }
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the string is safe text: no NUL and no lone surrogate. */
export function isCleanString(s: string): boolean {
  return !s.includes("\u0000") && !LONE_SURROGATE.test(s);
}

export function checkString(s: string, place: InputPlace): string {
  if (!isCleanString(s)) throw new InputError(place, "caracter");
  return s;
}

export function checkKey(k: string, place: InputPlace): string {
  checkString(k, place);
  if (FORBIDDEN_KEYS.has(k)) throw new InputError(place, "clave");
  return k;
}

/**
 * Walks a parsed value: every string and key clean, no forbidden key, depth <= MAX_DEPTH,
 * at most MAX_VALUES values. Iterative, so a hostile depth cannot exhaust the stack.
 */
export function checkValue(value: unknown, place: InputPlace): void {
  const stack: Array<{ v: unknown; d: number }> = [{ v: value, d: 0 }];
  let count = 0;
  while (stack.length > 0) {
    const { v, d } = stack.pop()!;
    if (++count > MAX_VALUES) throw new InputError(place, "tamano");
    if (typeof v === "string") {
      checkString(v, place);
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (d >= MAX_DEPTH) throw new InputError(place, "profundidad");
    if (Array.isArray(v)) {
      for (const x of v) stack.push({ v: x, d: d + 1 });
      continue;
    }
    for (const k of Object.keys(v)) {
      checkKey(k, place);
      stack.push({ v: (v as Record<string, unknown>)[k], d: d + 1 });
    }
  }
}

/** An object without a prototype: `__proto__` is a plain key there, and nothing is inherited. */
export function bareObject<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * JSON.parse that builds null-prototype objects and then applies the gate (checkValue).
 * Throws SyntaxError for malformed JSON (the caller owns that message) and InputError for refused input.
 */
export function parseJson(text: string, place: InputPlace = "cuerpo"): unknown {
  // Cheap pre-check on the raw text: a nesting deeper than MAX_DEPTH is refused before building anything.
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_DEPTH) throw new InputError(place, "profundidad");
    } else if (c === 125 || c === 93) depth--;
  }
  const parsed = JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const out = bareObject();
      for (const k of Object.keys(v)) out[k] = (v as Record<string, unknown>)[k];
      return out;
    }
    return v;
  }) as unknown;
  checkValue(parsed, place);
  return parsed;
}

/**
 * Checks a raw URL path: valid percent-encoding, and no NUL or lone surrogate once decoded.
 * Returns the problem, or null when the path is fine.
 */
export function pathProblem(rawPath: string): InputProblem | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return "codificacion";
  }
  return isCleanString(decoded) ? null : "caracter";
}

/** Query string to a null-prototype object after the gate; repeated keys become arrays. */
export function gatedQuery(params: URLSearchParams): Record<string, string | string[]> {
  const out = bareObject<string | string[]>();
  let count = 0;
  for (const [k, v] of params) {
    if (++count > MAX_VALUES) throw new InputError("consulta", "tamano");
    checkKey(k, "consulta");
    checkString(v, "consulta");
    const prev = out[k];
    if (prev === undefined) out[k] = v;
    else out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

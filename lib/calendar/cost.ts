// Event cost as The Events Calendar handles it: the text is kept, its numbers and currency symbol are read
// from it, and a list of costs becomes a range ("Gratis – 30$").
export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: "prefix" | "postfix" | "";
  values: string[];
}

const FREE = /\b(free|gratis|gratuito|libre)\b/i;

/** "50.000" (COP thousands), "25.55", "1,500.50" -> numeric string. */
function readNumber(raw: string): string {
  const groups = raw.split(/[.,]/);
  if (groups.length === 1) return String(Number(raw));
  const last = groups[groups.length - 1];
  if (last.length === 3) return String(Number(groups.join("")));
  return String(Number(`${groups.slice(0, -1).join("")}.${last}`));
}

function piece(text: string): { values: string[]; symbol: string; position: "prefix" | "postfix" | "" } {
  const values = [...text.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => readNumber(m[0]));
  if (FREE.test(text)) values.push("0");
  const stripped = text.replace(FREE, "").replace(/[\d.,\s–-]+/g, " ").trim();
  const symbol = stripped.split(/\s+/)[0] ?? "";
  let position: "prefix" | "postfix" | "" = "";
  if (symbol) {
    const si = text.indexOf(symbol);
    const di = text.search(/\d/);
    position = di >= 0 && si > di ? "postfix" : "prefix";
  }
  return { values, symbol, position };
}

export function sortValues(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => Number(a) - Number(b));
}

/** From the request's `cost` (string or list of strings) to the stored text and values. */
export function parseCost(input: unknown): { cost: string | null; values: string[] } {
  if (input === null || input === undefined) return { cost: null, values: [] };
  const list = Array.isArray(input) ? input.map((x) => String(x ?? "")) : [String(input)];
  const pieces = list.filter((s) => s.trim() !== "").map(piece);
  if (pieces.length === 0) return { cost: "", values: [] };
  const values = sortValues(pieces.flatMap((p) => p.values));
  if (list.length === 1) return { cost: list[0].trim(), values };
  const withSymbol = pieces.find((p) => p.symbol) ?? pieces[0];
  // Whole amounts of a thousand or more are written the Colombian way (60.000).
  const num = (v: string) => (Number.isInteger(Number(v)) && Number(v) >= 1000 ? Number(v).toLocaleString("es-CO") : v);
  const fmt = (v: string) => (Number(v) === 0 ? "Gratis" : withSymbol.position === "postfix" ? `${num(v)}${withSymbol.symbol}` : `${withSymbol.symbol}${num(v)}`);
  if (values.length === 0) return { cost: list.join(", "), values };
  const cost = values.length === 1 ? fmt(values[0]) : `${fmt(values[0])} – ${fmt(values[values.length - 1])}`;
  return { cost, values };
}

export function costDetails(cost: string | null, values: string[]): CostDetails {
  if (!cost) return { currency_symbol: "", currency_code: "", currency_position: "", values: [] };
  const p = piece(cost);
  const code = p.symbol === "$" || /^cop$/i.test(p.symbol) ? "COP" : /^usd$/i.test(p.symbol) ? "USD" : p.symbol === "€" ? "EUR" : "";
  return { currency_symbol: p.symbol, currency_code: code, currency_position: p.position, values: sortValues(values) };
}

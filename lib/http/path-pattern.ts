// A route path of the route table ("/v2/bookings/hotel_id={hotel_id}") as an exact-path regex with its parameter names;
// the /api pipeline (lib/api/handler.ts) and the node front (lib/http/node.ts) match paths with it.
export function compilePath(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split(/(\{[a-zA-Z_][a-zA-Z0-9_]*\})/)
    .map((part) => {
      const m = /^\{([a-zA-Z_][a-zA-Z0-9_]*)\}$/.exec(part);
      if (m) {
        names.push(m[1]);
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { regex: new RegExp(`^${pattern}$`), names };
}

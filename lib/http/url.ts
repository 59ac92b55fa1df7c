// The payer's return address with what happened added to its query (a link's or an order's response_url): the
// caller's own parameters are kept, ours replace any of the same name. One builder for every redirect we hand out.
export function returnUrl(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

// The browser half of docs/decisions.md 7.1: each card field becomes base64(RSA-OAEP-SHA256(text)) under the
// service's public key, so the plain card number never leaves the page.
import { api, ok } from "@/lib/client/api";

export async function cardEncryptor() {
  if (!globalThis.crypto?.subtle) throw new Error("no-crypto");
  const { jwk } = await ok(api.GET("/v2/virtual-terminal/public-key"));
  const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: "RSA-OAEP-256", ext: true }, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  return async (plain: string) => {
    const bytes = new Uint8Array(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(plain)));
    let bin = "";
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin);
  };
}

/** Every card_item field encrypted. */
export async function encryptCardItem(card: { number: string; cvc: string; month: string; year: string; holder: string }) {
  const enc = await cardEncryptor();
  return {
    cc_number: await enc(card.number.replace(/\D/g, "")),
    cc_code: await enc(card.cvc.trim()),
    cc_expire_month: await enc(card.month.trim()),
    cc_expire_year: await enc(card.year.trim()),
    cc_holder: await enc(card.holder.trim()),
  };
}

import { describe, expect, it } from "vitest";
import { returnUrl } from "./url";

describe("returnUrl", () => {
  it("keeps the caller's parameters and fragment, adds ours encoded, and ours win a name clash", () => {
    expect(returnUrl("https://agencia.example.co/retorno?pedido=7&status=x#fin", { transaction_id: "tx_1", status: "approved" })).toBe(
      "https://agencia.example.co/retorno?pedido=7&status=approved&transaction_id=tx_1#fin",
    );
    expect(returnUrl("https://a.example.co/r", { code: "a b&c" })).toBe("https://a.example.co/r?code=a+b%26c");
  });
});

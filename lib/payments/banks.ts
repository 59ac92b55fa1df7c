// The PSE banks a payer may choose (4.14 GET /v2/apms/banks, the portal's pickers, 4.8's bank_code): the
// built-in list with the sandbox gateway, Wompi's `GET /pse/financial_institutions` (cached by its client) with
// PAYMENT_GATEWAY=wompi, whose codes are the `financial_institution_code` sent to Wompi (docs/payments.md).
import { paymentGateway } from "@/lib/gateways";
import { badRequest } from "@/lib/http/errors";
import { BANKS, type Lookup } from "@/lib/money/lookups";

export async function pseBanks(): Promise<Lookup[]> {
  const gateway = paymentGateway();
  return gateway.banks ? gateway.banks() : BANKS;
}

/** 400 (nothing created) when the code is not one of today's PSE banks; `path` names the field as the API's errors do. */
export async function assertPseBank(code: string, path: string): Promise<void> {
  const banks = await pseBanks();
  if (!banks.some((b) => b.code === code)) {
    throw badRequest(`${path}: el banco elegido no está en la lista de bancos PSE disponibles; elija uno de /api/v2/apms/banks`);
  }
}

/** The bank's name for a payer or staff; the code itself when the list does not have it (or cannot be read now). */
export async function pseBankName(code: string | null | undefined): Promise<string | null> {
  if (!code) return null;
  const banks = await pseBanks().catch(() => BANKS);
  return banks.find((b) => b.code === code)?.name ?? BANKS.find((b) => b.code === code)?.name ?? code;
}

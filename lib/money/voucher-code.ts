// A voucher's unguessable code and its public path, shared by payments and refunds.
import crypto from "node:crypto";

export const newVoucherCode = () => crypto.randomBytes(18).toString("base64url");
export const voucherPath = (code: string) => `/v2/vouchers/${code}`;

// The voucher PDF an e-mail attaches (lib/mail/attachments.ts), made when the e-mail is sent or viewed. Registered
// once from the composition roots (lib/routes.ts, lib/jobs.ts): mail sits below payments, which writes e-mails.
import { registerVoucherMaker } from "@/lib/mail/attachments";
import type { Database } from "@/lib/db";
import { getVoucher, voucherPdf, voucherStay } from "./voucher";

registerVoucherMaker(async (database: Database, code) => {
  const v = await getVoucher(database, code);
  const stay = await voucherStay(database, v.transaction_id);
  return { filename: `comprobante-${v.voucher_number}.pdf`, content: Buffer.from(await voucherPdf(v, stay)) };
});

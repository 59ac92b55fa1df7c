// Attachments are only the product's own PDFs, named in the e-mail's data by kind and code (never a path, a URL
// or bytes from outside), and made when the e-mail is sent or viewed.
import type { PrismaClient } from "@/lib/db/generated/client";
import { getVoucher, voucherPdf, voucherStay } from "@/lib/payments/voucher";
import type { AttachmentRef } from "./templates/types";

export function attachmentRefs(data: unknown): AttachmentRef[] {
  const list = (data as { attachments?: unknown })?.attachments;
  if (!Array.isArray(list)) return [];
  return list.filter((a): a is AttachmentRef => !!a && (a as AttachmentRef).kind === "voucher" && typeof (a as AttachmentRef).code === "string" && /^[A-Za-z0-9_-]{8,64}$/.test((a as AttachmentRef).code));
}

export async function makeAttachment(db: PrismaClient, ref: AttachmentRef): Promise<{ filename: string; content: Buffer }> {
  const v = await getVoucher(db, ref.code);
  const stay = await voucherStay(db, v.transaction_id);
  return { filename: `comprobante-${v.voucher_number}.pdf`, content: Buffer.from(await voucherPdf(v, stay)) };
}

// Attachments are only the product's own PDFs, named in the e-mail's data by kind and code (never a path, a URL
// or bytes from outside), and made when the e-mail is sent or viewed.
import type { Database } from "@/lib/db";
import type { AttachmentRef } from "./templates/types";

/** Makes a voucher's PDF from its code; lib/payments registers it (mail sits below payments: payments writes e-mails). */
type VoucherMaker = (db: Database, code: string) => Promise<{ filename: string; content: Buffer }>;
const g = globalThis as unknown as { __hbVoucherMaker?: VoucherMaker };

export function registerVoucherMaker(make: VoucherMaker) {
  g.__hbVoucherMaker = make;
}

export function attachmentRefs(data: unknown): AttachmentRef[] {
  const list = (data as { attachments?: unknown })?.attachments;
  if (!Array.isArray(list)) return [];
  return list.filter((a): a is AttachmentRef => !!a && (a as AttachmentRef).kind === "voucher" && typeof (a as AttachmentRef).code === "string" && /^[A-Za-z0-9_-]{8,64}$/.test((a as AttachmentRef).code));
}

export async function makeAttachment(db: Database, ref: AttachmentRef): Promise<{ filename: string; content: Buffer }> {
  const make = g.__hbVoucherMaker;
  if (!make) throw new Error("voucher maker not registered (lib/payments/voucher-attachment.ts)");
  return make(db, ref.code);
}

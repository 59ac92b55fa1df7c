import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { LinkDetail } from "./LinkDetail";

export const metadata: Metadata = { title: "Enlace de pago" };

export default async function LinkPage({ params }: { params: Promise<{ code: string }> }) {
  await requireUser(["agency", "operator"]);
  const { code } = await params;
  return <LinkDetail code={code} />;
}

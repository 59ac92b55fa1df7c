import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { LinkList } from "./LinkList";

export const metadata: Metadata = { title: "Enlaces de pago" };

export default async function LinksPage() {
  await requireUser(["agency", "operator"]);
  return <LinkList />;
}

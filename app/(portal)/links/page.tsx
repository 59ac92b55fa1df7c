import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { LinkList } from "./LinkList";

export const metadata: Metadata = { title: "Enlaces de pago" };

export default async function LinksPage() {
  const user = await requireUser(["agency", "operator"]);
  // The operator sees every agency's links, so the list names the agency of each.
  const agencies = user.principal.role === "operator" ? await (await getDatabase()).prisma.agency.findMany({ select: { id: true, name: true } }) : null;
  return <LinkList agencyNames={agencies ? Object.fromEntries(agencies.map((a) => [a.id, a.name])) : null} />;
}

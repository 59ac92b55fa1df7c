import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { LinkList } from "./LinkList";

export const metadata: Metadata = { title: "Enlaces de pago" };

export default async function LinksPage() {
  const user = await requireUser(["agency", "operator"]);
  // The operator sees every agency's links, so the list names the agency of each (GET /v2/links `agency`).
  return <LinkList operator={user.principal.role === "operator"} />;
}

import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { LinkedManager } from "../LinkedManager";

export const metadata: Metadata = { title: "Lugares" };

export default async function Page() {
  await requireUser(["operator", "hotel_admin"]);
  return <LinkedManager kind="venue" />;
}

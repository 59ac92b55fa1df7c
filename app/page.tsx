import { redirect } from "next/navigation";
import { getPortalUser } from "@/lib/portal/session";

export const dynamic = "force-dynamic";

export default async function Home() {
  redirect((await getPortalUser()) ? "/dashboard" : "/login");
}

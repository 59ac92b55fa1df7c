import { requireUser } from "@/lib/portal/session";
import { NAV } from "@/lib/portal/nav";
import { PortalShell } from "@/components/PortalShell";
import { QueryProvider } from "@/components/QueryProvider";
import { WebhookFailureBanner } from "./webhooks/FailureBanner";
import { ChannexOverbookingBanner } from "./channex/OverbookingBanner";

export const dynamic = "force-dynamic";

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return (
    <PortalShell
      user={{ name: user.name, email: user.email, role: user.principal.role, agencyName: user.agency?.name ?? null }}
      // The balance ledger exists only for preloaded-balance agencies.
      nav={NAV[user.principal.role].filter((item) => item.href !== "/balance" || user.agency?.isPreloaded)}
      banner={
        <>
          <WebhookFailureBanner principal={user.principal} />
          <ChannexOverbookingBanner principal={user.principal} />
        </>
      }
    >
      <QueryProvider>{children}</QueryProvider>
    </PortalShell>
  );
}

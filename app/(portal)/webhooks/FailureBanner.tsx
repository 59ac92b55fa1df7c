// Server component for the portal layout: a banner while the agency's webhook URL keeps failing.
import Link from "next/link";
import type { Principal } from "@/lib/auth/principal";
import { serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { getSettings } from "@/lib/webhooks/service";
import { messages } from "./messages";

export async function WebhookFailureBanner({ principal }: { principal: Principal }) {
  if (principal.role !== "agency") return null;
  const { database } = await serviceContext();
  const settings = await getSettings(database, principal);
  if (!settings.warning) return null;
  const { t } = await getDict(messages);
  return (
    <div role="alert" data-testid="webhook-failure-banner" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <strong className="font-semibold">{t("warning.title")}.</strong>{" "}
          {t("warning.body", { n: settings.failure_streak, url: "\u0000" })
            .split("\u0000")
            .flatMap((part, i) => (i === 0 ? [part] : [<span key={i} className="break-all font-mono text-xs">{settings.webhook_url}</span>, part]))}
        </p>
        <Link href="/webhooks" className="shrink-0 font-medium underline">
          {t("warning.link")}
        </Link>
      </div>
    </div>
  );
}

// docs/webhooks.md for people.
import type { Metadata } from "next";
import { MarkdownDocsPage } from "@/components/DocsLayout";

export const metadata: Metadata = { title: "Webhooks · Documentación" };
export const dynamic = "force-dynamic";

export default function WebhooksDocsPage() {
  return <MarkdownDocsPage file="webhooks.md" back={{ href: "/docs", label: "API" }} />;
}

"use client";
import { Badge } from "@/components/ui";
import { useDict } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";

const TONES = { active: "blue", paid: "green", expired: "gray", cancelled: "red" } as const;

export function LinkStatusBadge({ status }: { status: keyof typeof TONES }) {
  const t = useDict(linkMessages);
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}

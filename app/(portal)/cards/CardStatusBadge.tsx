"use client";
import { Badge } from "@/components/ui";
import { useDict } from "@/lib/i18n/client";
import type { ApiAnswer } from "@/lib/client/api";
import { messages } from "./messages";

export type CardStatus = ApiAnswer<"/v1/virtual-cards/{card_id}">["status"];
const TONES = { frozen: "blue", active: "green", cancelled: "gray" } as const;

export function CardStatusBadge({ status }: { status: CardStatus }) {
  const t = useDict(messages);
  return (
    <span data-testid="card-status" data-status={status}>
      <Badge tone={TONES[status]}>{t(`cards.status.${status}`)}</Badge>
    </span>
  );
}

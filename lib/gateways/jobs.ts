// Job `channel-holds` (docs/reservations.md "The channel-manager boundary"): holds left without a reservation
// and releases that did not reach the channel manager are released.
import type { Job } from "@/lib/cron/job";
import { sweepChannelHolds } from "./channel-holds";
import { channelManager } from "./index";

export const channelHoldsJob: Job = {
  name: "channel-holds",
  summary: "Libera en el gestor de canales las retenciones sin reserva y las liberaciones que no llegaron",
  run: ({ database, now }) => sweepChannelHolds(database, channelManager(database), now),
};

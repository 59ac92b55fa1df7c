// Job `channel-holds` (docs/reservations.md "The channel-manager boundary"): holds left without a reservation
// and releases that did not reach the channel manager are released.
import type { Job } from "@/lib/cron/job";
import { sweepChannelHolds } from "./channel-holds";
import { sweepGuestData } from "./guest-sync";
import { channelManager } from "./index";

export const channelHoldsJob: Job = {
  name: "channel-holds",
  summary: "Libera en el gestor de canales las retenciones sin reserva y las liberaciones que no llegaron",
  run: ({ database, now }) => sweepChannelHolds(database, channelManager(database), now),
};

// Job `channel-guests`: main-guest changes the channel manager did not acknowledge when they were made are sent
// again (latest data per booking, lib/gateways/guest-sync.ts).
export const channelGuestsJob: Job = {
  name: "channel-guests",
  summary: "Envía al gestor de canales los datos de huésped que no recibió cuando cambiaron",
  run: ({ database }) => sweepGuestData(database, channelManager(database)),
};

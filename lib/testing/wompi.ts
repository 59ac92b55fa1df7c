// The API test server with Wompi as the payment gateway, against the fake Wompi (lib/testing/fake-wompi.ts):
// the env the product reads (PAYMENT_GATEWAY=wompi and the four keys), the fake's events sent to the server's
// events route, and a WompiGateway with short polls so tests do not wait on Wompi's real budgets. One place for
// the set-up the Wompi API tests share; `close()` puts the env and the gateway back. `gateway: false` leaves the
// product's gateway unset (tests of the events route alone); `client` is the WompiClient the gateway uses.
import { setPaymentGateway } from "@/lib/gateways";
import { WompiClient } from "@/lib/gateways/wompi/client";
import { WompiGateway } from "@/lib/gateways/wompi/gateway";
import { startApi } from "./api";
import { startFakeWompi, type FakeWompi, type FakeWompiOptions } from "./fake-wompi";
import type { TestServer } from "./server";

export const WOMPI_EVENTS_PATH = "/api/gateways/wompi/events";
const ENV_KEYS = ["PAYMENT_GATEWAY", "WOMPI_API_URL", "WOMPI_PUBLIC_KEY", "WOMPI_PRIVATE_KEY", "WOMPI_EVENTS_SECRET", "WOMPI_INTEGRITY_SECRET"] as const;

export interface WompiApi {
  api: TestServer;
  fake: FakeWompi;
  client: WompiClient;
  close(): Promise<void>;
}

export interface WompiApiOptions extends FakeWompiOptions {
  cardPollMs?: number;
  orderPollMs?: number;
  pollIntervalMs?: number;
  /** The client's retry backoff (WompiClient's default unless given). */
  backoffMs?: number;
  /** false: the product's payment gateway is left unset. */
  gateway?: boolean;
}

export async function startWompiApi(opts: WompiApiOptions = {}): Promise<WompiApi> {
  const { cardPollMs = 150, orderPollMs = 2000, pollIntervalMs = 20, backoffMs, gateway = true, ...fakeOptions } = opts;
  const fake = await startFakeWompi(fakeOptions);
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  Object.assign(process.env, {
    PAYMENT_GATEWAY: "wompi",
    WOMPI_API_URL: fake.url,
    WOMPI_PUBLIC_KEY: fake.keys.publicKey,
    WOMPI_PRIVATE_KEY: fake.keys.privateKey,
    WOMPI_EVENTS_SECRET: fake.keys.eventsSecret,
    WOMPI_INTEGRITY_SECRET: fake.keys.integritySecret,
  });
  const api = await startApi();
  fake.events.url = `${api.url}${WOMPI_EVENTS_PATH}`;
  const client = new WompiClient({
    baseUrl: fake.url,
    publicKey: fake.keys.publicKey,
    privateKey: fake.keys.privateKey,
    integritySecret: fake.keys.integritySecret,
    ...(backoffMs === undefined ? {} : { backoffMs }),
  });
  if (gateway) setPaymentGateway(new WompiGateway({ client, database: async () => api.db, cardPollMs, orderPollMs, pollIntervalMs }));
  return {
    api,
    fake,
    client,
    async close() {
      if (gateway) setPaymentGateway(undefined);
      await fake.close();
      await api.close();
      for (const k of ENV_KEYS) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    },
  };
}

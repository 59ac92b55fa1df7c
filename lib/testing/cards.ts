// Virtual-card set-up the card API tests share: an account holder's body (a natural person in Cartagena) and an
// agency with its account holder and an organization, made through the API as an agency and the operator would.
import { expect } from "vitest";
import type { paths } from "@/lib/client/schema";
import { OPERATOR_KEY } from "./api";
import { apiClient } from "./client";
import { agencyWithKey } from "./factories";
import type { TestServer } from "./server";

export type HolderBody = paths["/v1/virtual-cards/account-holders"]["post"]["requestBody"]["content"]["application/json"];

export const holderBody = (agencyId: number, over: Partial<HolderBody> = {}): HolderBody => ({
  agency_id: agencyId,
  first_name: "Laura",
  last_name: "Gómez",
  nacionality: "CO",
  person_type: "natural",
  document_number: "1020304050",
  document_type: "CC",
  birthdate: "1988-04-12",
  email: "laura@agencia.co",
  phone_number: "+573001234567",
  address: "Calle 10 # 5-20",
  city: "Cartagena",
  state: "Bolívar",
  country: "CO",
  zip_code: "130001",
  ...over,
});

let orgSeq = 0;

/** A new agency (with its API key), its account holder (registered by the operator) and one organization named `<prefix> <agency id>-<n>`. */
export async function agencyWithOrg(api: TestServer, org: { prefix: string; description: string }) {
  const { agency, key } = await agencyWithKey(api.db);
  const holder = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holders", { body: holderBody(agency.id) });
  expect(holder.response.status).toBe(201);
  const created = await apiClient(api, key).POST("/v1/virtual-cards/organizations", { body: { name: `${org.prefix} ${agency.id}-${orgSeq++}`, description: org.description } });
  expect(created.response.status).toBe(200);
  return { agency, key, holderId: holder.data!.account_holder_id as string, orgId: created.data!.id as number };
}

// The built-in sandbox gateway against the contract every payment gateway must pass (on PGlite and PostgreSQL).
import { setDatabase } from "@/lib/db";
import { openTestDatabase, testTarget } from "@/lib/testing/db";
import { describePaymentGatewayContract } from "./payment-gateway.contract";
import { SandboxGateway, sandboxOperations } from "./sandbox-gateway";

describePaymentGatewayContract(`built-in sandbox on ${testTarget()}`, async () => {
  const database = await openTestDatabase();
  setDatabase(database);
  return {
    gateway: new SandboxGateway(),
    cards: { approve: "4242424242424242", decline: "4000000000000002" },
    async processor(key) {
      const ops = await sandboxOperations(key);
      const charges = ops.filter((o) => o.kind === "charge");
      return {
        charges: charges.length,
        approvedAmounts: charges.filter((o) => o.result === "approved").map((o) => o.amount!.toFixed(2)),
        reversed: charges.length > 0 && ops.some((o) => (o.kind === "void" || o.kind === "refund") && o.result === "ok"),
      };
    },
    close: async () => {
      setDatabase(undefined);
      await database.close();
    },
  };
});

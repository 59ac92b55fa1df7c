-- Agencies' webhook signing secrets are stored sealed (AES-256-GCM, "v1:..."), never in plaintext (issue 24;
-- docs/webhooks.md "Signing secret at rest"). NOT VALID: rows written before keep their plaintext until the
-- start-up upgrade (lib/webhooks/secret-box.ts sealPlainWebhookSecrets) seals them; every write from now on must
-- be sealed, so no code path can put a plaintext secret back.
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_webhook_secret_sealed" CHECK ("webhook_secret" IS NULL OR "webhook_secret" LIKE 'v1:%') NOT VALID;

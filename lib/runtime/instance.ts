// This process's identity among N instances (host:pid:nonce), recorded on the leases it takes, and its
// shutting-down flag (readiness answers 503 from the first SIGTERM on).
import crypto from "node:crypto";
import os from "node:os";

const g = globalThis as unknown as { __hbInstanceId?: string; __hbShuttingDown?: boolean };

export function instanceId(): string {
  return (g.__hbInstanceId ??= `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`);
}

export function isShuttingDown(): boolean {
  return g.__hbShuttingDown === true;
}

export function markShuttingDown() {
  g.__hbShuttingDown = true;
}

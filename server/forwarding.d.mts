import type { IncomingMessage } from "node:http";

export const CLIENT_IP_HEADER: string;
export const CLIENT_PROTO_HEADER: string;
export const CLIENT_TOKEN_HEADER: string;
export interface TrustedProxies {
  entries: string[];
  has(ip: string): boolean;
}
export function normalizeIp(raw: string): string | null;
export function parseTrustedProxies(spec: string | undefined): TrustedProxies;
export function resolveClient(input: {
  peer: string | undefined;
  encrypted: boolean;
  forwardedFor?: string | string[];
  forwardedProto?: string | string[];
  trusted: { has(ip: string): boolean };
}): { ip: string; proto: "http" | "https" };
export function internalToken(): string;
export function isInternalToken(value: string | null | undefined): boolean;
export function stampClient(req: IncomingMessage, trusted: TrustedProxies): { ip: string; proto: "http" | "https" };

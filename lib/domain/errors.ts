// Errors of the business rules: a code in the domain's own terms (never an HTTP status) and the Spanish text the user
// reads. The edges turn them into answers, each through one table: HTTP and MCP in lib/http/steps.ts
// (`DOMAIN_STATUS`, used by `errorData`), scheduled jobs in lib/cron/job.ts (the run is recorded failed with the code).
// This folder imports nothing: every capability may throw these.

export const DOMAIN_CODES = [
  /** The thing does not exist, or belongs to someone else. */
  "not_found",
  /** The request breaks a rule of its content. */
  "invalid",
  /** The caller may not do this. */
  "not_allowed",
  /** The aggregate is not in a state its transition starts from (a lifecycle guard). */
  "wrong_state",
  /** The aggregate changed between reading it and the guarded write (a race lost cleanly). */
  "changed_meanwhile",
  /** An amount above what is left (to pay, to refund, of a balance). */
  "over_limit",
  /** The operation does not exist for this kind of thing (e.g. refunding cash through the platform). */
  "not_supported",
  /** The thing to create exists already and there may be only one (e.g. an agency's account holder). */
  "already_exists",
] as const;
export type DomainCode = (typeof DOMAIN_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: DomainCode,
    /** Spanish, for the person who reads the answer. */
    readonly detail: string,
  ) {
    super(detail);
    this.name = "DomainError";
  }
}

export const doesNotExist = (detail: string) => new DomainError("not_found", detail);
export const wrongState = (detail: string) => new DomainError("wrong_state", detail);
export const changedMeanwhile = (detail: string) => new DomainError("changed_meanwhile", detail);
export const overLimit = (detail: string) => new DomainError("over_limit", detail);
export const notSupported = (detail: string) => new DomainError("not_supported", detail);
export const alreadyExists = (detail: string) => new DomainError("already_exists", detail);

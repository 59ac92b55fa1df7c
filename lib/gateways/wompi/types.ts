// Wompi's wire formats, as far as we read them (docs.wompi.co: "Tokens de aceptación", "Métodos de pago",
// "Eventos", "Errores"). Fields we do not use are left out; everything read from Wompi is checked by the client
// (client.ts) before it is typed as one of these.

export type WompiStatus = "PENDING" | "APPROVED" | "DECLINED" | "VOIDED" | "ERROR";
export const WOMPI_STATUSES: readonly WompiStatus[] = ["PENDING", "APPROVED", "DECLINED", "VOIDED", "ERROR"];
export const FINAL_STATUSES: readonly WompiStatus[] = ["APPROVED", "DECLINED", "VOIDED", "ERROR"];

export type WompiMethodType = "CARD" | "NEQUI" | "PSE" | "BANCOLOMBIA_COLLECT" | "BANCOLOMBIA_TRANSFER";

export interface AcceptanceTokens {
  /** presigned_acceptance: the end-user policy (type END_USER_POLICY). */
  acceptanceToken: string;
  acceptancePermalink: string;
  /** presigned_personal_data_auth: personal data processing (type PERSONAL_DATA_AUTH). */
  personalAuthToken: string;
  personalAuthPermalink: string;
}

export interface CardToken {
  id: string;
  brand: string;
  lastFour: string;
  expiresAt: string | null;
}

export interface FinancialInstitution {
  code: string;
  name: string;
}

/** What POST /transactions carries in `payment_method`. */
export type PaymentMethodInput =
  | { type: "CARD"; token: string; installments: number }
  | { type: "NEQUI"; phone_number: string }
  | {
      type: "PSE";
      /** 0 natural person, 1 company. */
      user_type: 0 | 1;
      user_legal_id_type: string;
      user_legal_id: string;
      financial_institution_code: string;
      /** At most 30 characters (the sandbox page's limit). */
      payment_description: string;
    }
  | { type: "BANCOLOMBIA_COLLECT" };

export interface CreateTransactionInput {
  reference: string;
  amountInCents: number;
  currency: "COP";
  customerEmail: string;
  paymentMethod: PaymentMethodInput;
  customerData?: { phone_number?: string; full_name?: string; legal_id?: string; legal_id_type?: string };
  redirectUrl?: string;
  /** ISO 8601 (UTC) after which Wompi stops accepting the payment; then it is part of the integrity signature. */
  expirationTime?: string;
}

/** A Wompi transaction as we keep it (snake_case fields of Wompi's JSON, read and checked). */
export interface WompiTransaction {
  id: string;
  reference: string;
  status: WompiStatus;
  statusMessage: string | null;
  amountInCents: number;
  currency: string;
  paymentMethodType: string;
  createdAt: string | null;
  finalizedAt: string | null;
  /** payment_method.extra, when Wompi sent it: async_payment_url, business_agreement_code, processor_response_code ... */
  extra: {
    asyncPaymentUrl?: string;
    businessAgreementCode?: string;
    paymentIntentionIdentifier?: string;
    processorResponseCode?: string;
    externalIdentifier?: string;
  };
}

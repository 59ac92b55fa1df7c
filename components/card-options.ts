// The card's expiry and installments as both card forms ask them (the guest's pay page and the agent's Cobrar):
// month and year from lists, installments 1 to 36.
export const CARD_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));
export const CARD_INSTALLMENTS = Array.from({ length: 36 }, (_, i) => String(i + 1));
/** This year and the next 14. */
export function cardYears(now: Date = new Date()): string[] {
  const y = now.getFullYear();
  return Array.from({ length: 15 }, (_, i) => String(y + i));
}

// Portal passwords: bcrypt (pure JS, no native build), cost 10.
import bcrypt from "bcryptjs";

const COST = 10;

/**
 * A real cost-10 bcrypt hash of a random password nobody knows. Comparing against it costs what comparing
 * against a user's hash costs, so an unknown e-mail answers as slowly as a wrong password (issue 24: a
 * malformed stand-in made bcrypt return at once, 7 ms against 62 ms, which told which e-mails have accounts).
 */
export const DUMMY_HASH = "$2b$10$RBNXfB7RKP/Wy3WhmTR/ruIc5MiK0UVE7HYRFqqsYEnFN7Q.WyAGe";

export const hashPassword = (plain: string) => bcrypt.hash(plain, COST);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);

/** The password check of a sign-in: the same bcrypt work whether the account exists (`hash`) or not (null). */
export async function checkPassword(plain: string, hash: string | null): Promise<boolean> {
  const ok = await bcrypt.compare(plain, hash ?? DUMMY_HASH);
  return hash !== null && ok;
}

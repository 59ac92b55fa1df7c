// Portal sign-in: next-auth with e-mail + password (bcrypt), sessions as signed, encrypted JWT cookies that
// name a server-side session row (revoked on sign-out). Sign-in is throttled per (account, IP) and per IP.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/secrets/store";
import type { Database } from "@/lib/db";
import { checkPassword } from "./password";
import { checkLogin, recordLoginFailure, recordLoginSuccess, throttleMessage } from "./login-throttle";
import { createSession, revokeSession, SESSION_MAX_AGE_SECONDS } from "./session";

export interface AuthRequestContext {
  database: Database;
  /** The client address as the HTTP front stamped it (lib/auth/client-ip.ts). */
  clientIp: string;
}

export function authOptions(ctx: AuthRequestContext): NextAuthOptions {
  const { database } = ctx;
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Correo y contraseña",
        credentials: { email: { label: "Correo", type: "email" }, password: { label: "Contraseña", type: "password" } },
        async authorize(credentials) {
          const email = String(credentials?.email ?? "").trim().toLowerCase();
          const password = String(credentials?.password ?? "");
          if (!email || !password) return null;
          const now = new Date();
          const verdict = await checkLogin(database, email, ctx.clientIp, now);
          if (!verdict.ok) throw new Error(throttleMessage(verdict.retryAfterSeconds));
          const user = await database.prisma.user.findUnique({ where: { email } });
          // The same bcrypt work when the user is unknown, so timing does not reveal which e-mails exist.
          const ok = await checkPassword(password, user?.passwordHash ?? null);
          if (!user || !ok || !user.isActive) {
            await recordLoginFailure(database, email, ctx.clientIp, now);
            return null;
          }
          await recordLoginSuccess(database, email, ctx.clientIp);
          return { id: String(user.id), email: user.email, name: user.name, role: user.role };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.role = (user as { role?: string }).role;
          token.sid = await createSession(database, Number(user.id));
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.uid, role: token.role } };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSession(database, token.sid);
      },
    },
  };
}

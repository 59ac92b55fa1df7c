// Portal sign-in: next-auth with e-mail + password (bcrypt), sessions as signed, encrypted JWT cookies.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { verifyPassword } from "./password";
import { loginLimiter } from "./rate-limit";

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Correo y contraseña",
        credentials: { email: { label: "Correo", type: "email" }, password: { label: "Contraseña", type: "password" } },
        async authorize(credentials) {
          const email = String(credentials?.email ?? "").trim().toLowerCase();
          const password = String(credentials?.password ?? "");
          if (!email || !password) return null;
          if (!loginLimiter.take(email)) throw new Error("Demasiados intentos; espere un minuto");
          const { prisma } = await getDatabase();
          const user = await prisma.user.findUnique({ where: { email } });
          // Compare even when the user is unknown so timing does not reveal which e-mails exist.
          const ok = await verifyPassword(password, user?.passwordHash ?? "$2b$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinval");
          if (!user || !ok || !user.isActive) return null;
          return { id: String(user.id), email: user.email, name: user.name, role: user.role };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.role = (user as { role?: string }).role;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.uid, role: token.role } };
      },
    },
  };
}

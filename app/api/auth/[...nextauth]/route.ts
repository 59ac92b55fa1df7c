import { handleAuth } from "@/lib/auth/auth-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { handleAuth as GET, handleAuth as POST };

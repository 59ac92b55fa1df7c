import { handleApi } from "@/lib/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { handleApi as GET, handleApi as POST, handleApi as PUT, handleApi as PATCH, handleApi as DELETE, handleApi as OPTIONS };

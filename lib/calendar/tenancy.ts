// Who may change what in the calendar (docs/calendar.md "Who may do what", issue 24): the operator everything;
// a hotel admin the events of its hotels, and the venues and organizers written by an admin of one of its
// hotels (itself included). Anyone else gets the WordPress refusal (403 rest_forbidden). Reading is not
// restricted here: what a caller sees is decided by status, as in WordPress.
import type { Principal } from "@/lib/auth/principal";
import { isPositiveInt, type WpContext } from "./wp";

/** The item a single route names: the slug validator's resolved id, or the path's id. */
function targetId(ctx: WpContext): number | null {
  const id = (ctx.memo.get("id") as number | undefined) ?? Number(ctx.path.id);
  return isPositiveInt(id) ? id : null;
}

/** True when `userId` is `p` itself or an admin of one of `p`'s hotels. */
export async function isTeammate(ctx: WpContext, p: Principal, userId: number): Promise<boolean> {
  if (p.userId !== null && userId === p.userId) return true;
  if (p.hotelIds.length === 0 || !isPositiveInt(userId)) return false;
  return (await ctx.database.prisma.userHotel.count({ where: { userId, hotelId: { in: p.hotelIds } } })) > 0;
}

/** Permission of an event's update or delete. A missing id passes, so the handler answers its 404/400. */
export async function canChangeEvent(ctx: WpContext): Promise<boolean> {
  const p = ctx.principal;
  if (!ctx.isEditor || !p) return false;
  if (p.role === "operator") return true;
  const id = targetId(ctx);
  if (id === null) return true;
  const row = await ctx.database.prisma.calendarEvent.findUnique({ where: { id }, select: { hotelId: true } });
  if (!row) return true;
  return row.hotelId !== null && p.hotelIds.includes(row.hotelId);
}

/** Permission of a venue's or organizer's update or delete: written by the caller's hotels' admins. */
export async function canChangeLinked(ctx: WpContext, kind: "venue" | "organizer"): Promise<boolean> {
  const p = ctx.principal;
  if (!ctx.isEditor || !p) return false;
  if (p.role === "operator") return true;
  const id = targetId(ctx);
  if (id === null) return true;
  const where = { where: { id }, select: { authorId: true } };
  const row = kind === "venue" ? await ctx.database.prisma.calendarVenue.findUnique(where) : await ctx.database.prisma.calendarOrganizer.findUnique(where);
  if (!row) return true;
  return isTeammate(ctx, p, row.authorId);
}

/**
 * A hotel admin naming an `author` may name itself or another admin of its hotels only: a venue attributed to
 * another hotel's admin would become that hotel's to change. The operator may name anyone.
 */
export async function mayNameAuthor(ctx: WpContext): Promise<boolean> {
  const p = ctx.principal;
  if (!p || p.role === "operator" || !ctx.sent.has("author")) return true;
  return isTeammate(ctx, p, Number(ctx.params.author));
}

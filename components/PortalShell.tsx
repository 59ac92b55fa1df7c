"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { signOut } from "next-auth/react";
import { Icon } from "./Icon";
import { LocaleSwitch } from "./LocaleSwitch";
import { useI18n } from "@/lib/i18n/client";
import type { NavItem } from "@/lib/portal/nav";

export interface ShellUser {
  name: string;
  email: string;
  role: "operator" | "agency" | "hotel_admin";
  agencyName: string | null;
}

export function PortalShell({ user, nav, banner, children }: { user: ShellUser; nav: NavItem[]; banner?: React.ReactNode; children: React.ReactNode }) {
  const { t } = useI18n();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const matches = (href: string) => pathname === href || (href !== "/dashboard" && pathname.startsWith(`${href}/`));
  // Only the most specific item is current (/payments/new over /payments).
  const current = nav.filter((i) => matches(i.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  const isActive = (href: string) => href === current;

  const links = (
    <nav className="flex flex-col gap-1" aria-label={t("common.menu")}>
      {nav.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          onClick={() => setOpen(false)}
          aria-current={isActive(item.href) ? "page" : undefined}
          className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
            isActive(item.href) ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white"
          }`}
        >
          <Icon name={item.icon} />
          {t(item.label)}
        </Link>
      ))}
    </nav>
  );

  const userBox = (
    <div className="border-t border-white/10 pt-4 text-sm">
      <p className="truncate font-medium text-white" data-testid="user-name">
        {user.name}
      </p>
      <p className="truncate text-xs text-slate-400">{user.agencyName ?? user.email}</p>
      <p className="mt-1 inline-block rounded bg-white/10 px-2 py-0.5 text-xs text-slate-200" data-testid="user-role">
        {t(`roles.${user.role}`)}
      </p>
      <button
        type="button"
        onClick={() => signOut({ callbackUrl: "/login" })}
        className="mt-3 flex w-full items-center gap-2 rounded-md px-3 py-2 text-slate-300 hover:bg-white/10 hover:text-white"
      >
        <Icon name="logout" /> {t("common.signOut")}
      </button>
    </div>
  );

  return (
    <div className="min-h-screen lg:flex">
      <aside className="hidden w-64 shrink-0 flex-col justify-between bg-brand-900 p-4 lg:flex lg:min-h-screen">
        <div>
          <Link href="/dashboard" className="mb-6 block px-3 text-xl font-bold text-white">
            {t("app.name")}
          </Link>
          {links}
        </div>
        {userBox}
      </aside>

      <header className="flex items-center justify-between bg-brand-900 px-4 py-3 text-white lg:hidden">
        <button type="button" onClick={() => setOpen(true)} aria-label={t("common.menu")} className="rounded p-1 hover:bg-white/10">
          <Icon name="menu" />
        </button>
        <span className="font-bold">{t("app.name")}</span>
        <LocaleSwitch className="rounded bg-white" />
      </header>

      {open && (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true">
          <div className="absolute inset-0 bg-black/40" onClick={() => setOpen(false)} />
          <div className="absolute inset-y-0 left-0 flex w-72 flex-col justify-between bg-brand-900 p-4">
            <div>
              <div className="mb-6 flex items-center justify-between px-3">
                <span className="text-xl font-bold text-white">{t("app.name")}</span>
                <button type="button" onClick={() => setOpen(false)} aria-label={t("common.close")} className="text-slate-300">
                  <Icon name="x" />
                </button>
              </div>
              {links}
            </div>
            {userBox}
          </div>
        </div>
      )}

      <div className="min-w-0 flex-1">
        <div className="hidden justify-end border-b border-slate-200 bg-white px-6 py-2 lg:flex">
          <LocaleSwitch />
        </div>
        {banner}
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">{children}</main>
      </div>
    </div>
  );
}

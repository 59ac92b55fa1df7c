// Portal navigation per role. A capability adds its pages here; labels are i18n keys.
import type { PrincipalRole } from "@/lib/auth/principal";

export interface NavItem {
  href: string;
  label: string;
  icon: string;
}

export const NAV: Record<PrincipalRole, NavItem[]> = {
  operator: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/agencies", label: "nav.agencies", icon: "building" },
    { href: "/account-holders", label: "nav.accountHolders", icon: "users" },
    { href: "/api-keys", label: "nav.apiKeys", icon: "key" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  agency: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/organizations", label: "nav.organizations", icon: "org" },
    { href: "/cards", label: "nav.cards", icon: "card" },
    { href: "/balance", label: "nav.balance", icon: "cash" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  hotel_admin: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
};

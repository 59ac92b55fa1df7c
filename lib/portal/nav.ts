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
    { href: "/hotels", label: "nav.hotels", icon: "building" },
    { href: "/inventory", label: "nav.inventory", icon: "grid" },
    { href: "/search", label: "nav.search", icon: "search" },
    { href: "/api-keys", label: "nav.apiKeys", icon: "key" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  agency: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/search", label: "nav.search", icon: "search" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  hotel_admin: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/inventory", label: "nav.inventory", icon: "grid" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
};

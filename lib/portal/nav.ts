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
    { href: "/reservations", label: "nav.reservations", icon: "bed" },
    { href: "/api-keys", label: "nav.apiKeys", icon: "key" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  agency: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/reservations", label: "nav.reservations", icon: "bed" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  hotel_admin: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
};

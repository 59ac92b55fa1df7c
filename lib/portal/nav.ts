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
    { href: "/payments", label: "nav.payments", icon: "list" },
    { href: "/webhooks", label: "nav.webhooks", icon: "webhook" },
    { href: "/calendar", label: "nav.calendar", icon: "calendar" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  agency: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/payments/new", label: "nav.takePayment", icon: "card" },
    { href: "/links", label: "nav.links", icon: "link" },
    { href: "/payments", label: "nav.payments", icon: "list" },
    { href: "/webhooks", label: "nav.webhooks", icon: "webhook" },
    { href: "/events", label: "nav.events", icon: "calendar" },
    { href: "/organizations", label: "nav.organizations", icon: "org" },
    { href: "/cards", label: "nav.cards", icon: "card" },
    { href: "/balance", label: "nav.balance", icon: "cash" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  hotel_admin: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/calendar", label: "nav.calendar", icon: "calendar" },
    { href: "/calendar/venues", label: "nav.venues", icon: "pin" },
    { href: "/calendar/organizers", label: "nav.organizers", icon: "org" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
};

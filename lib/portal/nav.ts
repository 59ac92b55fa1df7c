// Portal navigation per role. A capability adds its pages here; labels are i18n keys.
import type { PrincipalRole } from "@/lib/auth/principal";
import type { MessageKey } from "@/lib/i18n";
import type { Messages } from "@/lib/i18n/es";

export interface NavItem {
  href: string;
  label: MessageKey<Messages>;
  icon: string;
}

export const NAV: Record<PrincipalRole, NavItem[]> = {
  operator: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/agencies", label: "nav.agencies", icon: "building" },
    { href: "/account-holders", label: "nav.accountHolders", icon: "users" },
    { href: "/hotels", label: "nav.hotels", icon: "building" },
    { href: "/inventory", label: "nav.inventory", icon: "grid" },
    { href: "/channex", label: "nav.channex", icon: "link" },
    { href: "/search", label: "nav.search", icon: "search" },
    { href: "/reservations", label: "nav.reservations", icon: "bed" },
    { href: "/links", label: "nav.links", icon: "link" },
    { href: "/payments", label: "nav.payments", icon: "list" },
    { href: "/gateway", label: "nav.gateway", icon: "card" },
    { href: "/reports", label: "nav.reports", icon: "chart" },
    { href: "/webhooks", label: "nav.webhooks", icon: "webhook" },
    { href: "/emails", label: "nav.emails", icon: "mail" },
    { href: "/calendar", label: "nav.calendar", icon: "calendar" },
    { href: "/api-keys", label: "nav.apiKeys", icon: "key" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  agency: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/search", label: "nav.search", icon: "search" },
    { href: "/reservations", label: "nav.reservations", icon: "bed" },
    { href: "/payments/new", label: "nav.takePayment", icon: "cash" },
    { href: "/links", label: "nav.links", icon: "link" },
    { href: "/payments", label: "nav.payments", icon: "list" },
    { href: "/cards", label: "nav.cards", icon: "card" },
    { href: "/organizations", label: "nav.organizations", icon: "org" },
    { href: "/balance", label: "nav.balance", icon: "cash" },
    { href: "/reports", label: "nav.reports", icon: "chart" },
    { href: "/team", label: "nav.team", icon: "users" },
    { href: "/webhooks", label: "nav.webhooks", icon: "webhook" },
    { href: "/emails", label: "nav.emails", icon: "mail" },
    { href: "/calendar/upcoming", label: "nav.events", icon: "calendar" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
  hotel_admin: [
    { href: "/dashboard", label: "nav.dashboard", icon: "home" },
    { href: "/reservations", label: "nav.reservations", icon: "bed" },
    { href: "/reservations/arrivals", label: "nav.arrivals", icon: "calendar" },
    { href: "/reports", label: "nav.reports", icon: "chart" },
    { href: "/inventory", label: "nav.inventory", icon: "grid" },
    { href: "/channex", label: "nav.channex", icon: "link" },
    { href: "/hotels", label: "nav.hotels", icon: "building" },
    { href: "/calendar", label: "nav.calendar", icon: "calendar" },
    { href: "/calendar/venues", label: "nav.venues", icon: "pin" },
    { href: "/calendar/organizers", label: "nav.organizers", icon: "org" },
    { href: "/emails/preferences", label: "nav.emailPreferences", icon: "mail" },
    { href: "/docs", label: "nav.docs", icon: "book" },
  ],
};

// Portal navigation per role. A capability adds its pages here; labels are i18n keys.
import type { PrincipalRole } from "@/lib/auth/principal";
import type { MessageKey } from "@/lib/i18n";
import type { Messages } from "@/lib/i18n/es";

export interface NavItem {
  href: string;
  label: MessageKey<Messages>;
  icon: string;
}

/** Every page of the menu once, by its label key (nav.<key>). */
const PAGES = {
  dashboard: { href: "/dashboard", icon: "home" },
  agencies: { href: "/agencies", icon: "building" },
  accountHolders: { href: "/account-holders", icon: "users" },
  hotels: { href: "/hotels", icon: "building" },
  inventory: { href: "/inventory", icon: "grid" },
  channex: { href: "/channex", icon: "link" },
  search: { href: "/search", icon: "search" },
  reservations: { href: "/reservations", icon: "bed" },
  links: { href: "/links", icon: "link" },
  payments: { href: "/payments", icon: "list" },
  gateway: { href: "/gateway", icon: "card" },
  reports: { href: "/reports", icon: "chart" },
  webhooks: { href: "/webhooks", icon: "webhook" },
  emails: { href: "/emails", icon: "mail" },
  calendar: { href: "/calendar", icon: "calendar" },
  apiKeys: { href: "/api-keys", icon: "key" },
  docs: { href: "/docs", icon: "book" },
  takePayment: { href: "/payments/new", icon: "cash" },
  cards: { href: "/cards", icon: "card" },
  organizations: { href: "/organizations", icon: "org" },
  balance: { href: "/balance", icon: "cash" },
  team: { href: "/team", icon: "users" },
  events: { href: "/calendar/upcoming", icon: "calendar" },
  arrivals: { href: "/reservations/arrivals", icon: "calendar" },
  venues: { href: "/calendar/venues", icon: "pin" },
  organizers: { href: "/calendar/organizers", icon: "org" },
  emailPreferences: { href: "/emails/preferences", icon: "mail" },
} as const;

type Page = keyof typeof PAGES;
const menu = (...pages: Page[]): NavItem[] => pages.map((p) => ({ ...PAGES[p], label: `nav.${p}` }));

export const NAV: Record<PrincipalRole, NavItem[]> = {
  operator: menu("dashboard", "agencies", "accountHolders", "hotels", "inventory", "channex", "search", "reservations", "links", "payments", "gateway", "reports", "webhooks", "emails", "calendar", "apiKeys", "docs"),
  agency: menu("dashboard", "search", "reservations", "takePayment", "links", "payments", "cards", "organizations", "balance", "reports", "team", "webhooks", "emails", "events", "docs"),
  hotel_admin: menu("dashboard", "reservations", "arrivals", "reports", "inventory", "channex", "hotels", "calendar", "venues", "organizers", "emailPreferences", "docs"),
};

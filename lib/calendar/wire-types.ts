// The calendar interface's answers as the portal's pages read them (app/_client/calendar.ts fetches them;
// lib/calendar/month.ts lays them out). Types only.
export interface WpTerm {
  id: number;
  name: string;
  slug: string;
}
export interface WpVenue {
  id: number;
  venue: string;
  status: string;
  address?: string;
  city?: string;
  province?: string;
  country?: string;
  phone?: string;
  website?: string;
  zip?: string;
  description?: string;
}
export interface WpOrganizer {
  id: number;
  organizer: string;
  status: string;
  phone?: string;
  website?: string;
  email?: string;
  description?: string;
}
export interface WpEvent {
  id: number;
  status: string;
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  url: string;
  image: false | { id: number; url: string };
  all_day: boolean;
  start_date: string;
  end_date: string;
  cost: string;
  website: string;
  featured: boolean;
  sticky: boolean;
  hide_from_listings: boolean;
  categories: WpTerm[];
  tags: WpTerm[];
  venue: WpVenue | WpVenue[] | [];
  organizer: WpOrganizer[];
}

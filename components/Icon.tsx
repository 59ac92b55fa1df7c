// A few line icons (24x24, stroke) so the portal needs no icon font or CDN.
const PATHS: Record<string, string> = {
  home: "M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  key: "M15 7a4 4 0 11-3.9 4.9L3 20v-3l2-2v-2h2l2.1-2.1A4 4 0 0115 7z",
  book: "M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2V5zm0 16h15",
  search: "M11 19a8 8 0 100-16 8 8 0 000 16zm10 2l-4.3-4.3",
  calendar: "M7 3v3M17 3v3M4 8h16M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z",
  bed: "M3 18V7m0 6h18v5M3 13V9h7a3 3 0 013 3v1M17 13V10a2 2 0 00-2-2h-2",
  link: "M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1",
  card: "M3 7a2 2 0 012-2h14a2 2 0 012 2v10a2 2 0 01-2 2H5a2 2 0 01-2-2V7zm0 3h18M7 15h3",
  cash: "M3 7h18v10H3V7zm9 7a2 2 0 100-4 2 2 0 000 4zM6 10v4M18 10v4",
  list: "M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01",
  users: "M16 20v-2a4 4 0 00-4-4H6a4 4 0 00-4 4v2M9 10a4 4 0 100-8 4 4 0 000 8zm13 10v-2a4 4 0 00-3-3.9M16 2.1a4 4 0 010 7.8",
  building: "M4 21V5a2 2 0 012-2h8a2 2 0 012 2v16M16 9h2a2 2 0 012 2v10M8 7h4M8 11h4M8 15h4M2 21h20",
  grid: "M3 3h7v7H3V3zm11 0h7v7h-7V3zM3 14h7v7H3v-7zm11 0h7v7h-7v-7z",
  bell: "M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0",
  pin: "M12 21s-7-6.2-7-11a7 7 0 1114 0c0 4.8-7 11-7 11zm0-8a3 3 0 100-6 3 3 0 000 6z",
  org: "M12 3v4M5 21v-4a2 2 0 012-2h10a2 2 0 012 2v4M12 11v4M9 7h6v4H9V7z",
  logout: "M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4M16 17l5-5-5-5M21 12H9",
  menu: "M4 6h16M4 12h16M4 18h16",
  x: "M6 6l12 12M18 6L6 18",
  webhook: "M9 17a3 3 0 11-3-3h6l-3-5a3 3 0 115.2-3M15 14a3 3 0 110 6 3 3 0 01-2.6-1.5",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  chart: "M3 3v18h18M8 17v-5M13 17V8M18 17v-8",
};

export function Icon({ name, className = "h-5 w-5" }: { name: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true">
      <path d={PATHS[name] ?? PATHS.list} />
    </svg>
  );
}

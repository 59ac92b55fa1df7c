import { starsLabel } from "@/lib/format";

/** A hotel's category as stars, read as "4 estrellas". */
export function Stars({ n, className = "" }: { n: number; className?: string }) {
  return (
    <span role="img" aria-label={starsLabel(n)} title={starsLabel(n)} className={`whitespace-nowrap tracking-tight text-amber-700 ${className}`} data-testid="hotel-stars">
      {"★".repeat(n)}
    </span>
  );
}

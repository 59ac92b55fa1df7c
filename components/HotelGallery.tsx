"use client";
// A hotel's photos: one large, the others as buttons that bring it up. Images come in several widths (srcset), so a
// phone downloads the small one.
import { useState } from "react";

export interface GalleryPhoto {
  id: number;
  alt: string;
  width: number;
  height: number;
  url: string;
  sizes: Array<{ width: number; url: string }>;
}

export const srcSet = (p: GalleryPhoto) => p.sizes.map((s) => `${s.url} ${s.width}w`).join(", ");

/** The photo at its smallest stored width that is at least `min` pixels wide (else the largest). */
export const photoAt = (p: GalleryPhoto, min: number) => (p.sizes.find((s) => s.width >= min) ?? p.sizes[p.sizes.length - 1]).url;

export function Gallery({ photos, label }: { photos: GalleryPhoto[]; label: string }) {
  const [index, setIndex] = useState(0);
  const current = photos[Math.min(index, photos.length - 1)];
  return (
    <div className="space-y-2 lg:max-w-4xl" data-testid="hotel-gallery">
      <div className="overflow-hidden rounded-lg bg-slate-100">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={photoAt(current, 800)}
          srcSet={srcSet(current)}
          sizes="(max-width: 1024px) 100vw, 60vw"
          alt={current.alt}
          width={current.width}
          height={current.height}
          className="aspect-[3/2] h-auto w-full object-cover"
          data-testid="gallery-main"
        />
      </div>
      {photos.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={label}>
          {photos.map((p, i) => (
            <li key={p.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={p.alt}
                className={`block overflow-hidden rounded-md ring-2 ${i === index ? "ring-brand-700" : "ring-transparent hover:ring-slate-300"}`}
              >
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={photoAt(p, 200)} alt="" width={96} height={64} className="h-16 w-24 object-cover" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

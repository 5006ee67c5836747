import type { ReactNode } from "react";
import { CONTENT_IMAGE, SchoolImage } from "./school-image";

/**
 * A card's frame in the grid. Its title link stretches over the whole card (`CARD_LINK`), so the
 * card is one click target; a control of its own sits above that with `relative z-10`.
 */
export const CARD =
  "relative flex flex-col overflow-hidden rounded-4xl bg-white shadow-soft transition-shadow hover:shadow-lift";
export const CARD_LINK = "after:absolute after:inset-0 after:rounded-4xl hover:underline";

/** Cards of a list page (blog posts, courses): one column on phones, two from sm, three from lg. */
export function CardGrid<Item extends { id: number }>({
  items,
  children,
}: {
  items: readonly Item[];
  /**
   * `first`: the first card is the one surely in view as the page opens on every screen (phones
   * show one column), so its picture alone is fetched eagerly and first. The others are lazy:
   * on a wide screen those in view still load right after layout, without competing with it.
   */
  children: (item: Item, first: boolean) => ReactNode;
}) {
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.id} className="grid">
          {children(item, index === 0)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The 3:2 picture at the top of a card in a `CardGrid`, with its description as the alt (issue
 * 19: on every public page, the title standing in while there is none). Without an image, a soft
 * colour band keeps the cards of a row alike.
 */
export function CardImage({
  src,
  alt,
  priority = false,
  lang,
}: {
  src: string | null;
  /** `imageAltOf(record)`. */
  alt: string;
  priority?: boolean;
  /** The language of `alt` where it is not the page's. */
  lang?: string;
}) {
  if (!src)
    return <div className="aspect-[3/2] w-full bg-gradient-to-br from-sun-100 to-sky" aria-hidden="true" />;
  return (
    <SchoolImage
      src={src}
      alt={alt}
      lang={lang}
      {...CONTENT_IMAGE}
      priority={priority}
      sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
      className="aspect-[3/2] w-full bg-sky-50 object-cover"
    />
  );
}

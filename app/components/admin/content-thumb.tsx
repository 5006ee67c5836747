import { CONTENT_IMAGE, SchoolImage } from "~/components/ui/school-image";

/**
 * A small picture of a post's or course's image in admin tables and forms. Decorative: the
 * title beside it names the record. A post without an image gets a drawn placeholder.
 */
export function ContentThumb({ src }: { src: string | null }) {
  const frame = "h-16 w-24 flex-none rounded-xl";
  if (!src)
    return (
      <span
        className={`${frame} flex items-center justify-center bg-gradient-to-br from-sun-100 to-sky-50 text-xs font-bold text-ink-soft`}
      >
        No image
      </span>
    );
  return (
    <SchoolImage
      src={src}
      alt=""
      {...CONTENT_IMAGE}
      sizes="6rem"
      className={`${frame} bg-sky-50 object-cover`}
    />
  );
}

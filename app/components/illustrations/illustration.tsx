import { SchoolImage } from "~/components/ui/school-image";
import type { Picture } from "./pictures";

/**
 * A decorative drawing from its SVG file (see pictures.ts): no alternative text, since the text
 * beside it says everything; lazy unless it is in the first screen (`priority`).
 */
export function Illustration({
  picture,
  priority = false,
  className = "h-auto w-full",
}: {
  picture: Picture;
  priority?: boolean;
  className?: string;
}) {
  return <SchoolImage {...picture} alt="" priority={priority} className={className} />;
}

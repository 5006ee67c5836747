import type { ReactNode, SVGProps } from "react";

/**
 * The frame of a small decorative 24×24 glyph (a round tick, a map pin, pause, a chevron), filled
 * or stroked as `paint` says: hidden from screen readers, and never a tab stop.
 */
export function Glyph({
  children,
  className,
  ...paint
}: { children: ReactNode; className: string } & Pick<
  SVGProps<SVGSVGElement>,
  "fill" | "stroke" | "strokeWidth" | "strokeLinecap" | "strokeLinejoin"
>) {
  return (
    <svg viewBox="0 0 24 24" className={className} {...paint} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

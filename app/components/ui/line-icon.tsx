import type { ReactNode } from "react";

export type IconProps = { className?: string };

/**
 * The frame of every line icon (admin menu, content tiles): a 24×24 grid stroked in the current
 * text colour. Always decorative: the words beside an icon say what it means.
 */
export function LineIcon({ children, className }: { children: ReactNode; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

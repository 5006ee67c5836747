const PATHS = {
  left: "M12.5 4.5 7 10l5.5 5.5",
  right: "M7.5 4.5 13 10l-5.5 5.5",
} as const;

/** A chevron for "back", "previous", "next" and "read more" (decorative: the words say it). */
export function ArrowIcon({ direction }: { direction: keyof typeof PATHS }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className="h-5 w-5 flex-none"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d={PATHS[direction]} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A soft round shape behind a band's content; its colour and place come from `className`. */
export function DecorativeCircle({ className }: { className: string }) {
  return (
    <svg className={`absolute ${className}`} viewBox="0 0 100 100" aria-hidden="true">
      <circle cx="50" cy="50" r="50" fill="currentColor" />
    </svg>
  );
}

/**
 * A stroked line or curve with round ends and corners (no fill), for the drawings still written
 * as components (the accreditation seals, whose ring text comes from the domain; the letter).
 */
export function Line({
  d,
  className,
  width,
  dash,
}: {
  d: string;
  className: string;
  width: number;
  dash?: string;
}) {
  return (
    <path
      d={d}
      className={className}
      strokeWidth={width}
      strokeDasharray={dash}
      strokeLinecap="round"
      strokeLinejoin="round"
      fill="none"
    />
  );
}

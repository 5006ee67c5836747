import type { ReactNode } from "react";
import { Glyph } from "./glyph";

/** A list whose items start with a round tick: the short claims of the home, fee and demo pages. */
export function CheckList({
  items,
  className = "",
  tone = "teal",
}: {
  items: readonly ReactNode[];
  className?: string;
  /** `sun` for lists on the dark navy bands. */
  tone?: "teal" | "sun";
}) {
  return (
    <ul className={`grid gap-3 ${className}`}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <Glyph className={`mt-0.5 h-6 w-6 flex-none ${tone === "sun" ? "text-sun" : "text-teal"}`}>
            <circle cx="12" cy="12" r="12" fill="currentColor" />
            <path
              d="m7 12.5 3.2 3.2L17 9"
              stroke={tone === "sun" ? "#1F2A44" : "#FFFFFF"}
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
              fill="none"
            />
          </Glyph>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

import { useId } from "react";
import { Line } from "./parts";

const EMBLEMS = {
  star: <path d="M100 66l10 21 23 3-17 16 4 23-20-11-20 11 4-23-17-16 23-3Z" className="fill-sun" />,
  globe: (
    <g className="stroke-sun" strokeWidth="4" fill="none">
      <circle cx="100" cy="100" r="30" />
      <path d="M70 100h60M100 70c10 9 14 19 14 30s-4 21-14 30c-10-9-14-19-14-30s4-21 14-30Z" />
    </g>
  ),
  book: (
    <g>
      <path
        d="M70 82c10-5 20-5 30 2 10-7 20-7 30-2v40c-10-5-20-5-30 2-10-7-20-7-30-2Z"
        className="fill-sun"
      />
      <Line d="M100 84v40" className="stroke-navy-dark" width={3} />
    </g>
  ),
} as const;

const TONES = {
  navy: { edge: "fill-navy", ring: "fill-navy-dark", text: "fill-white", ribbon: "fill-coral" },
  teal: { edge: "fill-teal", ring: "fill-[#0B5C55]", text: "fill-white", ribbon: "fill-navy" },
  coral: { edge: "fill-coral", ring: "fill-coral-dark", text: "fill-white", ribbon: "fill-teal" },
} as const;

/** The circumference of the text ring (radius 56), less a little so the ends do not touch. */
const RING_LENGTH = Math.round(2 * Math.PI * 56) - 6;

/** The text ring (radius 56) from its left end, clockwise: words spread round the whole ring. */
const RING_FROM_LEFT = "M100 100m-56 0a56 56 0 1 1 112 0a56 56 0 1 1-112 0";

/** The same ring from its bottom, clockwise: its half-way point is the top, where an arc is centred. */
const RING_FROM_BOTTOM = "M100 156a56 56 0 1 1 0-112a56 56 0 1 1 0 112";

/**
 * Devanagari joins letters into clusters (a conjunct, a vowel sign on its consonant) that spacing
 * letter by letter pulls apart, showing a bare virama: a Hindi ring text keeps its natural
 * spacing, centred over the top of the seal.
 */
const JOINED_SCRIPT = /[\u0900-\u097F]/;

/** A scalloped edge: a 32-pointed star with shallow points. */
const SCALLOP = Array.from({ length: 64 }, (_, index) => {
  const angle = (index / 64) * Math.PI * 2;
  const radius = index % 2 === 0 ? 88 : 80;
  return `${(100 + radius * Math.cos(angle)).toFixed(1)},${(100 + radius * Math.sin(angle)).toFixed(1)}`;
}).join(" ");

/**
 * A generic accreditation seal (not anyone's real logo): a scalloped medal with words around the
 * ring (over its top in Hindi), an emblem in the middle and two ribbon tails.
 */
export function AccreditationSeal({
  ringText,
  emblem,
  tone = "navy",
  className = "h-auto w-full",
}: {
  ringText: string;
  emblem: keyof typeof EMBLEMS;
  tone?: keyof typeof TONES;
  className?: string;
}) {
  const ringId = `seal-ring${useId().replace(/:/g, "")}`;
  const colours = TONES[tone];
  const arc = JOINED_SCRIPT.test(ringText);
  return (
    <svg viewBox="0 0 200 240" className={className} aria-hidden="true">
      <path d="M62 160l-20 72 26-14 16 22 18-72Z" className={colours.ribbon} />
      <path d="M138 160l20 72-26-14-16 22-18-72Z" className={colours.ribbon} />
      <polygon points={SCALLOP} className={colours.edge} />
      <circle cx="100" cy="100" r="72" className={colours.ring} />
      <circle cx="100" cy="100" r="46" className="fill-none stroke-white/70" strokeWidth="2" />
      <circle
        cx="100"
        cy="100"
        r="68"
        className="fill-none stroke-white/40"
        strokeWidth="1.5"
        strokeDasharray="2 4"
      />
      <path id={ringId} d={arc ? RING_FROM_BOTTOM : RING_FROM_LEFT} fill="none" />
      {arc ? (
        <text className={`${colours.text} text-[14px] font-bold`}>
          <textPath href={`#${ringId}`} startOffset="50%" textAnchor="middle">
            {ringText}
          </textPath>
        </text>
      ) : (
        // Spread evenly round the whole ring, whatever the words' length.
        <text className={`${colours.text} text-[12.5px] font-bold`}>
          <textPath href={`#${ringId}`} textLength={RING_LENGTH} lengthAdjust="spacing">
            {ringText}
          </textPath>
        </text>
      )}
      {EMBLEMS[emblem]}
    </svg>
  );
}

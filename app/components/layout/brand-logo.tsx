import { SCHOOL } from "~/domain/brand";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useTexts } from "~/utils/language";

/** The sun's smile, and the open book it rises over. */
const SMILE = { stroke: "#1F2A44", strokeWidth: "1.8", strokeLinecap: "round", fill: "none" } as const;
const OPEN_BOOK = "M10 31c5-2.5 9.5-2.5 14 0 4.5-2.5 9-2.5 14 0v8c-5-2.5-9.5-2.5-14 0-4.5-2.5-9-2.5-14 0v-8Z";

/** The school's mark: a smiling sun over an open book, drawn inline (no image request). */
export function BrandMark({ className = "h-10 w-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <circle cx="24" cy="24" r="24" fill="#FFC93C" />
      <g stroke="#B93A24" strokeWidth="2.5" strokeLinecap="round">
        <path d="M24 6v4M9.5 12.5l2.8 2.8M38.5 12.5l-2.8 2.8M6 24h4M38 24h4" />
      </g>
      <circle cx="24" cy="22" r="8" fill="#FF6F59" />
      <path d="M20.5 23.5c1.8 2 5.2 2 7 0" {...SMILE} />
      <circle cx="21.2" cy="20.2" r="1.1" fill="#1F2A44" />
      <circle cx="26.8" cy="20.2" r="1.1" fill="#1F2A44" />
      <path d={OPEN_BOOK} fill="#2E4A7D" />
      <path d="M24 31v8" stroke="#FFF7E6" strokeWidth="1.6" />
    </svg>
  );
}

export function BrandName({ light = false }: { light?: boolean }) {
  const t = useTexts(SITE_TEXTS);
  return (
    <span className="flex flex-col leading-none">
      <span className={`text-2xl font-black tracking-tight ${light ? "text-white" : "text-navy"}`}>
        {SCHOOL.name}
      </span>
      <span
        className={`mt-0.5 text-balance sm:whitespace-nowrap text-[0.62rem] font-semibold uppercase tracking-wider sm:text-[0.7rem] ${light ? "text-sun-100" : "text-coral"}`}
      >
        {t("tagline")}
      </span>
    </span>
  );
}

/** The notebook's page edges, and the lines of writing on them. */
const PAGE_EDGE = { stroke: "#2E4A7D", strokeWidth: "3", strokeLinejoin: "round" } as const;
const WRITING = { strokeWidth: "3", strokeLinecap: "round" } as const;

/** An open notebook with a pencil: the blog before its first post (decorative). */
export function NoPostsPicture() {
  return (
    <svg viewBox="0 0 120 120" className="h-full w-full" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="#EEF8FC" />
      <path d="M22 38c12-6 26-6 38 2v50c-12-8-26-8-38-2Z" fill="#FFFFFF" {...PAGE_EDGE} />
      <path d="M98 38c-12-6-26-6-38 2v50c12-8 26-8 38-2Z" fill="#FFF7E6" {...PAGE_EDGE} />
      <path d="M30 50c7-2 15-2 22 2M30 60c7-2 15-2 22 2M30 70c7-2 15-2 22 2" stroke="#BDE4F4" {...WRITING} />
      <path d="M68 52c7-4 15-4 22-2M68 62c5-3 10-3 15-2" stroke="#FFC93C" {...WRITING} />
      <g transform="rotate(35 88 78)">
        <rect x="82" y="54" width="12" height="40" rx="2" fill="#FF6F59" />
        <path d="M82 94h12l-6 12Z" fill="#FFEFC7" />
        <path d="M86 102h4l-2 4Z" fill="#1F2A44" />
        <rect x="82" y="50" width="12" height="6" rx="2" fill="#7BC950" />
      </g>
    </svg>
  );
}

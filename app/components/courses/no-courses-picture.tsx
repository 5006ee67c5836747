/** A stack of books with an apple: the catalogue before its first course (decorative). */
export function NoCoursesPicture() {
  return (
    <svg viewBox="0 0 120 120" className="h-full w-full" aria-hidden="true">
      <circle cx="60" cy="60" r="56" fill="#EFF9E8" />
      <rect x="26" y="78" width="68" height="14" rx="3" fill="#2E4A7D" />
      <rect x="32" y="64" width="58" height="14" rx="3" fill="#FFC93C" />
      <rect x="28" y="50" width="62" height="14" rx="3" fill="#1B998B" />
      <path
        d="M36 82h44M40 68h36M36 54h40"
        stroke="#FFFFFF"
        strokeWidth="2.5"
        strokeLinecap="round"
        opacity="0.8"
      />
      <path
        d="M66 34c-6-5-16-2-16 7 0 7 5 10 9 10 2 0 3-1 5-1s3 1 5 1c4 0 9-3 9-10 0-9-9-12-12-7Z"
        fill="#FF6F59"
      />
      <path d="M64 34c0-4 2-7 5-8" stroke="#1F2A44" strokeWidth="2.5" strokeLinecap="round" fill="none" />
      <path d="M66 30c3-4 8-4 10-2-3 3-7 3-10 2Z" fill="#7BC950" />
    </svg>
  );
}

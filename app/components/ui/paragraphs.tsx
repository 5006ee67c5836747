/**
 * Multi-line text typed by staff (blog posts, course descriptions): a blank line starts a new
 * paragraph, a single line break stays a line break. Plain text in, elements out: nothing from the
 * text is ever read as HTML.
 */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function Paragraphs({
  text,
  className = "",
  lang,
}: {
  text: string;
  className?: string;
  /** The text's language where it is not the page's (staff's English on a Hindi page). */
  lang?: string;
}) {
  return (
    <div className={`prose-school ${className}`} lang={lang}>
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

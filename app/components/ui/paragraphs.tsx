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

export function Paragraphs({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`prose-school ${className}`}>
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

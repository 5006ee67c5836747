import { Link } from "@remix-run/react";
import { CARD, CARD_LINK, CardImage } from "~/components/ui/card-grid";
import { formatDate } from "~/domain/format";
import type { Language } from "~/domain/languages";
import { blogPostPath } from "~/domain/public-pages";
import { writtenLang } from "~/domain/staff-content";
import { useLanguage, useLocalHref } from "~/utils/language";

/**
 * What a card shows of a post and nothing more (loaders serialise dates as strings): the excerpt
 * is cut on the server (`postCard`), so a page never carries whole posts it does not show.
 */
export type PostSummary = {
  id: number;
  /** In the page's language when staff wrote the post's Hindi and the page is Hindi (`shownIn`). */
  title: string;
  /** Always as staff wrote it, in English. */
  category: string;
  excerpt: string;
  /** The language of the title and the excerpt. */
  language: Language;
  imageUrl: string | null;
  /** The image's alt: its description, or the title (`shownIn`). */
  imageAlt: string;
  imageAltLanguage: Language;
  createdAt: Date | string;
};

/** A blog post in a grid (home page's latest posts, the blog list): the whole card is one link. */
export function PostCard({
  post,
  headingLevel = "h3",
  priority = false,
}: {
  post: PostSummary;
  headingLevel?: "h2" | "h3";
  /** For the first card of a list, in view when the page opens. */
  priority?: boolean;
}) {
  const Heading = headingLevel;
  const language = useLanguage();
  const local = useLocalHref();
  // On a Hindi page the card is marked with the language of the post's words (English, or the
  // Hindi staff gave it), and what differs inside is marked too: the category is always English,
  // the image description English too, the date the page's own.
  return (
    <article className={CARD} lang={writtenLang(language, post.language)}>
      <CardImage
        src={post.imageUrl}
        alt={post.imageAlt}
        lang={writtenLang(language, post.imageAltLanguage)}
        priority={priority}
      />
      <div className="flex flex-1 flex-col p-6">
        <p
          className="text-sm font-bold uppercase tracking-wider text-coral"
          lang={writtenLang(language, "en")}
        >
          {post.category}
        </p>
        <Heading className="mt-2 text-xl">
          <Link to={local(blogPostPath(post.id))} className={CARD_LINK}>
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-ink-soft">{post.excerpt}</p>
        <p className="mt-4 text-sm font-semibold text-ink-soft" lang={writtenLang(language, language)}>
          <time dateTime={new Date(post.createdAt).toISOString()}>
            {formatDate(post.createdAt, language)}
          </time>
        </p>
      </div>
    </article>
  );
}

import { Link } from "@remix-run/react";
import { CARD, CARD_LINK, CardImage } from "~/components/ui/card-grid";
import { formatDate } from "~/domain/format";
import { useLanguage, useLocalHref } from "~/utils/language";

/**
 * What a card shows of a post and nothing more (loaders serialise dates as strings): the excerpt
 * is cut on the server (`postCard`), so a page never carries whole posts it does not show.
 */
export type PostSummary = {
  id: number;
  title: string;
  category: string;
  excerpt: string;
  imageUrl: string | null;
  /** The image's alt: its description, or the title (`imageAltOf`). */
  imageAlt: string;
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
  // What staff wrote (image description, category, title, excerpt) is English on every page;
  // the date is the page's own.
  const translated = language !== "en";
  return (
    <article className={CARD} lang={translated ? "en" : undefined}>
      <CardImage src={post.imageUrl} alt={post.imageAlt} priority={priority} />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-bold uppercase tracking-wider text-coral">{post.category}</p>
        <Heading className="mt-2 text-xl">
          <Link to={local(`/blog/${post.id}`)} className={CARD_LINK}>
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-ink-soft">{post.excerpt}</p>
        <p className="mt-4 text-sm font-semibold text-ink-soft" lang={translated ? language : undefined}>
          <time dateTime={new Date(post.createdAt).toISOString()}>
            {formatDate(post.createdAt, language)}
          </time>
        </p>
      </div>
    </article>
  );
}

import { Link } from "@remix-run/react";
import { CONTENT_IMAGE, SchoolImage } from "~/components/ui/school-image";
import { formatDate } from "~/utils/format";

/** What a card needs of a post (loaders serialise dates as strings). */
export type PostSummary = {
  id: number;
  title: string;
  category: string;
  description: string;
  imageUrl: string | null;
  createdAt: Date | string;
};

const EXCERPT_CHARACTERS = 140;

/** The first words of a post, cut at a word boundary. */
export function postExcerpt(description: string, characters = EXCERPT_CHARACTERS): string {
  const text = description.replace(/\s+/g, " ").trim();
  if (text.length <= characters) return text;
  const cut = text.slice(0, characters);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), characters * 0.6)).trimEnd()}…`;
}

/** A blog post in a grid (home page's latest posts, the blog list): the whole card is one link. */
export function PostCard({
  post,
  headingLevel = "h3",
}: {
  post: PostSummary;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-4xl bg-white shadow-soft transition-shadow hover:shadow-lift">
      {post.imageUrl ? (
        <SchoolImage
          src={post.imageUrl}
          alt=""
          {...CONTENT_IMAGE}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
          className="aspect-[3/2] w-full bg-sky-50 object-cover"
        />
      ) : (
        <div className="aspect-[3/2] w-full bg-gradient-to-br from-sun-100 to-sky" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-bold uppercase tracking-wider text-coral">{post.category}</p>
        <Heading className="mt-2 text-xl">
          <Link
            to={`/blog/${post.id}`}
            className="after:absolute after:inset-0 after:rounded-4xl hover:underline"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-ink-soft">{postExcerpt(post.description)}</p>
        <p className="mt-4 text-sm font-semibold text-ink-soft">
          <time dateTime={new Date(post.createdAt).toISOString()}>{formatDate(post.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}

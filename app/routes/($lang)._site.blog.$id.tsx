import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NoPostsPicture } from "~/components/blog/no-posts-picture";
import { useRouteFailure } from "~/components/site-error";
import { ArrowIcon } from "~/components/ui/arrow-icon";
import { ButtonLink } from "~/components/ui/button";
import { EmptyNotice } from "~/components/ui/empty-notice";
import { Paragraphs } from "~/components/ui/paragraphs";
import { CONTENT_IMAGE, imagePreload, SchoolImage } from "~/components/ui/school-image";
import { SCHOOL } from "~/domain/brand";
import { imageAltOf } from "~/domain/image-description";
import { MESSAGES } from "~/domain/messages";
import { blogPostPath, PUBLIC_PAGES } from "~/domain/public-pages";
import { formatDate } from "~/domain/format";
import { foundOr404 } from "~/utils/not-found.server";
import { RECORD_ID } from "~/utils/route-input.server";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const post = await foundOr404(() => context.services.blog.get(RECORD_ID.blogPost(params.id)));
  const path = blogPostPath(post.id);
  const tags = await context.services.pageTags.page({
    language: context.language,
    path,
    title: `${post.title} | ${SCHOOL.name} Blog`,
    description: post.description,
    image: { url: post.imageUrl, alt: imageAltOf(post) },
    post: {
      headline: post.title,
      section: post.category,
      published: post.createdAt,
      modified: post.updatedAt,
    },
    trail: [
      { name: "Home", path: PUBLIC_PAGES.home.path },
      { name: "Blog", path: PUBLIC_PAGES.blog.path },
      { name: post.title, path },
    ],
    feed: true,
  });
  return { post, tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["blog", "details"] } satisfies PublicDataHandle;

/** The post's picture spans the article's column; `meta` preloads the same variant the page picks. */
const POST_IMAGE_SIZES = "(min-width: 768px) 48rem, 100vw";

function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-2 rounded-full font-bold text-navy underline-offset-4 hover:underline"
    >
      <ArrowIcon direction="left" />
      Back to blog
    </Link>
  );
}

export default function BlogPostPage() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <BackToBlog />
      <header className="mt-6">
        <p className="text-sm font-bold uppercase tracking-wider text-coral">{post.category}</p>
        <h1 className="mt-2 text-3xl sm:text-5xl">{post.title}</h1>
        <p className="mt-3 font-semibold text-ink-soft">
          <time dateTime={new Date(post.createdAt).toISOString()}>{formatDate(post.createdAt)}</time>
        </p>
      </header>
      {post.imageUrl ? (
        <SchoolImage
          src={post.imageUrl}
          alt={imageAltOf(post)}
          {...CONTENT_IMAGE}
          priority
          sizes={POST_IMAGE_SIZES}
          className="mt-8 aspect-[3/2] w-full rounded-4xl bg-sky-50 object-cover shadow-soft"
        />
      ) : null}
      <Paragraphs text={post.description} className="mt-8 text-lg text-ink sm:mt-10" />
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [...data.tags, ...(data.post.imageUrl ? [imagePreload(data.post.imageUrl, POST_IMAGE_SIZES)] : [])]
    : [
        { title: `${MESSAGES.blog.notFound} | ${SCHOOL.name} Blog` },
        { name: "description", content: `This post is not on the ${SCHOOL.fullName} blog.` },
      ];

/** A missing post (or a mistyped address) keeps the site around it and a way back to the list. */
export function ErrorBoundary() {
  const { notFound } = useRouteFailure();
  return (
    <div className="container-page py-12 sm:py-20">
      <EmptyNotice
        title={notFound ? MESSAGES.blog.notFound : MESSAGES.errorPage.failedTitle}
        picture={<NoPostsPicture />}
        heading="h1"
      >
        <p>
          {notFound
            ? "It may have been removed, or the link may be mistyped. Our other posts are waiting for you."
            : MESSAGES.generic.serverError}
        </p>
        <ButtonLink to="/blog" className="mt-6">
          Back to blog
        </ButtonLink>
      </EmptyNotice>
    </div>
  );
}

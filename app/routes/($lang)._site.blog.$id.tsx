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
import { blogPostPath, PUBLIC_PAGES } from "~/domain/public-pages";
import { formatDate } from "~/domain/format";
import { shownIn, writtenLang } from "~/domain/staff-content";
import { BLOG_TEXTS } from "~/domain/texts/blog";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import { foundOr404 } from "~/utils/not-found.server";
import { notFoundMeta, useLanguage, useLocalHref, useTexts } from "~/utils/language";
import { RECORD_ID } from "~/utils/route-input.server";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const post = await foundOr404(() => context.services.blog.get(RECORD_ID.blogPost(params.id)));
  const path = blogPostPath(post.id);
  // The post in the page's language: its Hindi on a Hindi page when staff wrote one.
  const shown = shownIn(context.language, post);
  const t = translator(BLOG_TEXTS, context.language);
  const site = translator(SITE_TEXTS, context.language);
  const tags = await context.services.pageTags.page({
    language: context.language,
    path,
    title: t("meta.post", { title: shown.title, school: SCHOOL.name }),
    description: shown.description,
    image: { url: post.imageUrl, alt: shown.imageAlt },
    post: {
      headline: shown.title,
      section: post.category,
      published: post.createdAt,
      modified: post.updatedAt,
      language: shown.language,
    },
    trail: [
      { name: site("nav.home"), path: PUBLIC_PAGES.home.path },
      { name: site("nav.blog"), path: PUBLIC_PAGES.blog.path },
      { name: shown.title, path },
    ],
    feed: true,
  });
  // Only what the page shows: one language of the post, not both.
  const { id, category, imageUrl, createdAt } = post;
  return { post: { id, category, imageUrl, createdAt, ...shown }, tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["blog", "details"] } satisfies PublicDataHandle;

/** The post's picture spans the article's column; `meta` preloads the same variant the page picks. */
const POST_IMAGE_SIZES = "(min-width: 768px) 48rem, 100vw";

function BackToBlog() {
  const t = useTexts(BLOG_TEXTS);
  const local = useLocalHref();
  return (
    <Link
      to={local(PUBLIC_PAGES.blog.path)}
      className="inline-flex items-center gap-2 rounded-full font-bold text-navy underline-offset-4 hover:underline"
    >
      <ArrowIcon direction="left" />
      {t("back")}
    </Link>
  );
}

export default function BlogPostPage() {
  const { post } = useLoaderData<typeof loader>();
  const language = useLanguage();
  // What staff wrote is marked with its language on a Hindi page: the category and the image
  // description are English, the title and text English or the post's Hindi; the date is the page's.
  const written = writtenLang(language, post.language);
  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <BackToBlog />
      <header className="mt-6">
        <p
          className="text-sm font-bold uppercase tracking-wider text-coral"
          lang={writtenLang(language, "en")}
        >
          {post.category}
        </p>
        <h1 className="mt-2 text-3xl sm:text-5xl" lang={written}>
          {post.title}
        </h1>
        <p className="mt-3 font-semibold text-ink-soft">
          <time dateTime={new Date(post.createdAt).toISOString()}>
            {formatDate(post.createdAt, language)}
          </time>
        </p>
      </header>
      {post.imageUrl ? (
        <SchoolImage
          lang={writtenLang(language, post.imageAltLanguage)}
          src={post.imageUrl}
          alt={post.imageAlt}
          {...CONTENT_IMAGE}
          priority
          sizes={POST_IMAGE_SIZES}
          className="mt-8 aspect-[3/2] w-full rounded-4xl bg-sky-50 object-cover shadow-soft"
        />
      ) : null}
      <Paragraphs text={post.description} lang={written} className="mt-8 text-lg text-ink sm:mt-10" />
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  if (data)
    return [
      ...data.tags,
      ...(data.post.imageUrl ? [imagePreload(data.post.imageUrl, POST_IMAGE_SIZES)] : []),
    ];
  return notFoundMeta(BLOG_TEXTS, location.pathname);
};

/** A missing post (or a mistyped address) keeps the site around it and a way back to the list. */
export function ErrorBoundary() {
  const { notFound } = useRouteFailure();
  const t = useTexts(BLOG_TEXTS);
  const site = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  return (
    <div className="container-page py-12 sm:py-20">
      <EmptyNotice
        title={notFound ? t("notFound.title") : site("error.failedTitle")}
        picture={<NoPostsPicture />}
        heading="h1"
      >
        <p>{notFound ? t("notFound.text") : t("failed.text")}</p>
        <ButtonLink to={local(PUBLIC_PAGES.blog.path)} className="mt-6">
          {t("back")}
        </ButtonLink>
      </EmptyNotice>
    </div>
  );
}

import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlogPager, blogPageHref } from "~/components/blog/blog-pager";
import { NoPostsPicture } from "~/components/blog/no-posts-picture";
import { PostCard } from "~/components/blog/post-card";
import { ButtonLink } from "~/components/ui/button";
import { CardGrid } from "~/components/ui/card-grid";
import { EmptyNotice } from "~/components/ui/empty-notice";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { BLOG_FEED_PATH, pageHref } from "~/domain/public-pages";
import { BLOG_TEXTS } from "~/domain/texts/blog";
import { translator } from "~/domain/translations";
import { postCard } from "~/utils/card-summaries.server";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";
import { pageParam } from "~/utils/route-input.server";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = context;
  const pageAddress = (page: number) => pageHref(language, blogPageHref(page));
  const parsed = pageParam.safeParse(new URL(request.url).searchParams.get("page"));
  if (!parsed.success) throw redirect(pageAddress(1));
  // No limit: the list uses the API's default page size of six posts, the spec's default.
  const page = await context.services.blog.list({ page: parsed.data ?? 1 });
  // A page past the end (an old link after posts were deleted) shows the last page there is.
  if (page.currentPage > Math.max(page.totalPages, 1)) throw redirect(pageAddress(page.totalPages));
  const t = translator(BLOG_TEXTS, language);
  const later = page.currentPage > 1;
  const counted = { page: page.currentPage, pages: page.totalPages };
  const tags = await context.services.pageTags.page({
    language,
    // Each page lists other posts: its own address, ?page=N included, is its canonical one.
    path: blogPageHref(page.currentPage),
    title: later
      ? t("meta.titlePage", { ...counted, school: SCHOOL.name })
      : t("meta.title", { school: SCHOOL.name }),
    description: [
      t("meta.description", { fullName: SCHOOL.fullName }),
      ...(later ? [t("meta.descriptionPage", counted)] : []),
    ].join(" "),
    feed: true,
  });
  return { ...page, posts: page.posts.map(postCard(language)), tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["blog", "details"] } satisfies PublicDataHandle;

export default function BlogList() {
  const { posts, totalPages, currentPage } = useLoaderData<typeof loader>();
  const t = useTexts(BLOG_TEXTS);
  const local = useLocalHref();
  const language = useLanguage();
  return (
    <>
      <PageHeader eyebrow={t("eyebrow", { school: SCHOOL.name })} title={t("title")}>
        <p>{t("intro")}</p>
        <p className="mt-3 text-base">
          {/* A plain link: the feed is a document for feed readers, not a page of the app. It is
              English in every language (its entries are the posts as staff wrote them). */}
          <a
            href={BLOG_FEED_PATH}
            type="application/atom+xml"
            hrefLang={language === "en" ? undefined : "en"}
            className="font-semibold text-white underline decoration-sun decoration-2 underline-offset-4 hover:text-sun"
          >
            {t("feed")}
          </a>
        </p>
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        {posts.length > 0 ? (
          <>
            <CardGrid items={posts}>
              {(post, first) => <PostCard post={post} headingLevel="h2" priority={first} />}
            </CardGrid>
            <BlogPager currentPage={currentPage} totalPages={totalPages} />
          </>
        ) : (
          <EmptyNotice title={t("empty.title")} picture={<NoPostsPicture />}>
            <p>{t("empty.text")}</p>
            <ButtonLink to={local("/")} variant="outline" className="mt-6">
              {t("empty.home")}
            </ButtonLink>
          </EmptyNotice>
        )}
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];

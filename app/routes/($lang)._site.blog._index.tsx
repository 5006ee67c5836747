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
import { MESSAGES } from "~/domain/messages";
import { BLOG_FEED_PATH } from "~/domain/public-pages";
import { postCard } from "~/utils/card-summaries.server";
import { pageParam } from "~/utils/route-input.server";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = pageParam.safeParse(new URL(request.url).searchParams.get("page"));
  if (!parsed.success) throw redirect(blogPageHref(1));
  // No limit: the list uses the API's default page size of six posts, the spec's default.
  const page = await context.services.blog.list({ page: parsed.data ?? 1 });
  // A page past the end (an old link after posts were deleted) shows the last page there is.
  if (page.currentPage > Math.max(page.totalPages, 1)) throw redirect(blogPageHref(page.totalPages));
  const later = page.currentPage > 1;
  const tags = await context.services.pageTags.page({
    language: context.language,
    // Each page lists other posts: its own address, ?page=N included, is its canonical one.
    path: blogPageHref(page.currentPage),
    title: later ? `Blog, page ${page.currentPage} | ${SCHOOL.name}` : `Blog | ${SCHOOL.name}`,
    description: `Tips for parents, stories from online classrooms and school news from ${SCHOOL.fullName}, Nursery to Grade 8.${later ? ` Page ${page.currentPage} of ${page.totalPages}.` : ""}`,
    feed: true,
  });
  return { ...page, posts: page.posts.map(postCard), tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["blog", "details"] } satisfies PublicDataHandle;

export default function BlogList() {
  const { posts, totalPages, currentPage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow={`${SCHOOL.name} Blog`} title="Ideas and news for happy learning at home">
        <p>Tips for parents, stories from our online classrooms and news from the school.</p>
        <p className="mt-3 text-base">
          {/* A plain link: the feed is a document for feed readers, not a page of the app. */}
          <a
            href={BLOG_FEED_PATH}
            type="application/atom+xml"
            className="font-semibold text-white underline decoration-sun decoration-2 underline-offset-4 hover:text-sun"
          >
            Subscribe to the blog (Atom feed)
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
          <EmptyNotice title={MESSAGES.blog.empty} picture={<NoPostsPicture />}>
            <p>
              Our teachers are busy writing. Please come back soon for tips and stories from our classrooms.
            </p>
            <ButtonLink to="/" variant="outline" className="mt-6">
              Go to the home page
            </ButtonLink>
          </EmptyNotice>
        )}
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];

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
  return { ...page, posts: page.posts.map(postCard) };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["blog"] } satisfies PublicDataHandle;

export default function BlogList() {
  const { posts, totalPages, currentPage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow={`${SCHOOL.name} Blog`} title="Ideas and news for happy learning at home">
        Tips for parents, stories from our online classrooms and news from the school.
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && data.currentPage > 1
        ? `Blog, page ${data.currentPage} | ${SCHOOL.name}`
        : `Blog | ${SCHOOL.name}`,
  },
  {
    name: "description",
    content: `Tips for parents, stories from online classrooms and school news from ${SCHOOL.fullName}, Nursery to Grade 8.`,
  },
];

import { PostCard, type PostSummary } from "~/components/blog/post-card";
import { ButtonLink } from "~/components/ui/button";
import { MESSAGES } from "~/domain/messages";
import { SectionHeading } from "./section-heading";

/** The newest posts; if they could not be loaded the list is simply empty (spec: silent). */
export function LatestPosts({ posts }: { posts: readonly PostSummary[] }) {
  return (
    <section aria-labelledby="blog-title" className="container-page py-16 sm:py-20">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading id="blog-title" eyebrow="From our blog" title="Latest blogs" className="max-w-2xl">
          <p>Ideas for learning at home, school news and stories from our classrooms.</p>
        </SectionHeading>
        <ButtonLink to="/blog" variant="outline" className="flex-none self-start sm:self-auto">
          {MESSAGES.home.viewAllBlogs}
        </ButtonLink>
      </div>
      {posts.length > 0 ? (
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id} className="grid">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

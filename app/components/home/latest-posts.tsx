import { PostCard, type PostSummary } from "~/components/blog/post-card";
import { ButtonLink } from "~/components/ui/button";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useLocalHref, useTexts } from "~/utils/language";
import { SectionHeading } from "./section-heading";

/** The newest posts; if they could not be loaded the list is simply empty (spec: silent). */
export function LatestPosts({ posts }: { posts: readonly PostSummary[] }) {
  const t = useTexts(HOME_TEXTS);
  const local = useLocalHref();
  return (
    <section aria-labelledby="blog-title" className="container-page py-16 sm:py-20">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading
          id="blog-title"
          eyebrow={t("blog.eyebrow")}
          title={t("blog.title")}
          className="max-w-2xl"
        >
          <p>{t("blog.intro")}</p>
        </SectionHeading>
        <ButtonLink to={local("/blog")} variant="outline" className="flex-none self-start sm:self-auto">
          {t("blog.viewAll")}
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

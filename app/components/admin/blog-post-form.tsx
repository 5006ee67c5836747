import { TextField } from "~/components/ui/field";
import { LIMITS } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { bound, ContentFormModal, ImageField, TitleAndDescription } from "./content-form";

export const BLOG_ADMIN_PATH = "/admin/blog";

/** Adding (no `post`) or editing a blog post: title, category, text and an optional image. */
export function BlogPostForm({
  post,
}: {
  post?: { title: string; category: string; description: string; imageUrl: string | null };
}) {
  return (
    <ContentFormModal
      noun="blog post"
      editing={post !== undefined}
      addLabel="Add post"
      closeTo={BLOG_ADMIN_PATH}
      failedText={MESSAGES.blog.saveFailed}
    >
      {(form) => (
        <>
          <TitleAndDescription
            form={form}
            stored={post}
            descriptionHint="Leave an empty line between paragraphs."
          >
            <TextField
              label="Category"
              required
              maxLength={LIMITS.category}
              placeholder="e.g. Parenting, Events, Learning"
              {...bound(form, "category", post?.category)}
            />
          </TitleAndDescription>
          <ImageField form={form} current={post ? post.imageUrl : undefined} />
        </>
      )}
    </ContentFormModal>
  );
}

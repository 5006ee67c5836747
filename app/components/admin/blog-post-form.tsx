import { TextField } from "~/components/ui/field";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { HindiVersionFields, ImageDescriptionField, ImageField, TitleAndDescription } from "./content-form";
import { contentScreens, defineContentKind } from "./content-kind";

/** Blog posts: title, category, text, their optional Hindi, and an optional image with its description. */
export const BLOG_POSTS = defineContentKind({
  listPath: "/admin/blog",
  noun: "blog post",
  one: "a post",
  home: "the school's blog",
  newDescription: "Write a new post for the school's blog.",
  addLabel: "Add post",
  messages: MESSAGES.blog,
  form: FORMS.blogPostWithHindi,
  service: (services) => services.blog,
  fields: (
    form,
    post:
      | {
          title: string;
          category: string;
          description: string;
          imageUrl: string | null;
          imageAlt: string | null;
          titleHi: string | null;
          descriptionHi: string | null;
        }
      | undefined,
  ) => (
    <>
      <TitleAndDescription
        form={form}
        fields={FORMS.blogPost}
        stored={post}
        descriptionHint="Leave an empty line between paragraphs."
      >
        <TextField
          {...form.field(FORMS.blogPost.category, post?.category)}
          label="Category"
          placeholder="e.g. Parenting, Events, Learning"
        />
      </TitleAndDescription>
      <HindiVersionFields form={form} fields={FORMS.blogPostWithHindi} stored={post} />
      <ImageField form={form} current={post ? post.imageUrl : undefined} />
      <ImageDescriptionField form={form} field={FORMS.blogPost.imageAlt} stored={post?.imageAlt} />
    </>
  ),
});

export const BLOG_POST_SCREENS = contentScreens(BLOG_POSTS);

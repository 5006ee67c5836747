import { postExcerpt, type PostSummary } from "~/components/blog/post-card";
import { coursePreview, type CourseSummary } from "~/components/courses/course-card";
import type { BlogPost } from "~/services/blog.server";
import type { Course } from "~/services/courses.server";

/*
 * Loader data travels in the page twice (the HTML and the data the browser hydrates from), so a
 * list page sends each card only what the card shows: the whole text stays for the post's page
 * and the course's dialog.
 */

export const postCard = ({
  id,
  title,
  category,
  description,
  imageUrl,
  createdAt,
}: BlogPost): PostSummary => ({
  id,
  title,
  category,
  excerpt: postExcerpt(description),
  imageUrl,
  createdAt,
});

export const courseCard = ({ id, title, description, imageUrl, isLiked, _count }: Course): CourseSummary => ({
  id,
  title,
  preview: coursePreview(description),
  imageUrl,
  isLiked,
  _count,
});

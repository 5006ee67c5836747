import type { PostSummary } from "~/components/blog/post-card";
import { postExcerpt } from "~/domain/format";
import { coursePreview, type CourseSummary } from "~/components/courses/course-card";
import { imageAltOf } from "~/domain/image-description";
import type { BlogPost } from "~/services/blog.server";
import type { Course } from "~/services/courses.server";

/*
 * Loader data travels in the page twice (the HTML and the data the browser hydrates from), so a
 * list page sends each card only what the card shows: the whole text stays for the post's page
 * and the course's dialog.
 */

export const postCard = (post: BlogPost): PostSummary => ({
  id: post.id,
  title: post.title,
  category: post.category,
  excerpt: postExcerpt(post.description),
  imageUrl: post.imageUrl,
  imageAlt: imageAltOf(post),
  createdAt: post.createdAt,
});

export const courseCard = (course: Course): CourseSummary => ({
  id: course.id,
  title: course.title,
  preview: coursePreview(course.description),
  imageUrl: course.imageUrl,
  imageAlt: imageAltOf(course),
  isLiked: course.isLiked,
  _count: course._count,
});

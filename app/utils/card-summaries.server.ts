import type { PostSummary } from "~/components/blog/post-card";
import { postExcerpt } from "~/domain/format";
import { coursePreview, type CourseSummary } from "~/components/courses/course-card";
import type { Language } from "~/domain/languages";
import { shownIn } from "~/domain/staff-content";
import type { BlogPost } from "~/services/blog.server";
import type { Course } from "~/services/courses.server";

/*
 * Loader data travels in the page twice (the HTML and the data the browser hydrates from), so a
 * list page sends each card only what the card shows: the whole text stays for the post's page
 * and the course's dialog, and of a post or course with its Hindi only the language the page
 * shows it in (`shownIn`).
 */

export const postCard =
  (language: Language) =>
  (post: BlogPost): PostSummary => {
    const shown = shownIn(language, post);
    return {
      id: post.id,
      title: shown.title,
      category: post.category,
      excerpt: postExcerpt(shown.description),
      language: shown.language,
      imageUrl: post.imageUrl,
      imageAlt: shown.imageAlt,
      imageAltLanguage: shown.imageAltLanguage,
      createdAt: post.createdAt,
    };
  };

export const courseCard =
  (language: Language) =>
  (course: Course): CourseSummary => {
    const shown = shownIn(language, course);
    return {
      id: course.id,
      title: shown.title,
      preview: coursePreview(shown.description),
      language: shown.language,
      imageUrl: course.imageUrl,
      imageAlt: shown.imageAlt,
      imageAltLanguage: shown.imageAltLanguage,
      isLiked: course.isLiked,
      _count: course._count,
    };
  };

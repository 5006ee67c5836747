import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { coursePath } from "~/domain/public-pages";
import { COURSES_TEXTS } from "~/domain/texts/courses";
import type { LikeState } from "~/services/courses.server";
import { useLocalHref, useTexts } from "~/utils/language";

/** What the like route answers a fetcher: the new state, or null when the like failed (silently). */
export type LikeAnswer = { like: LikeState | null };

export type Likeable = { id: number; title: string; isLiked: boolean; _count: { likes: number } };

type Shown = { isLiked: boolean; likes: number };

/** The state the visitor asked for, sent along for the optimistic display only: the route toggles. */
const ASKED = "liked";

/**
 * While the toggle is on its way the state the visitor asked for shows at once; once the server
 * has answered, its state shows until the reloaded course list arrives, and from then on the
 * list's. A failed toggle therefore falls back to what is stored, with no message (spec).
 */
function shownLike(course: Likeable, fetcher: ReturnType<typeof useFetcher<LikeAnswer>>): Shown {
  const stored = { isLiked: course.isLiked, likes: course._count.likes };
  if (fetcher.state === "submitting" && fetcher.formData) {
    const isLiked = fetcher.formData.get(ASKED) === "true";
    return { isLiked, likes: stored.likes + Number(isLiked) - Number(stored.isLiked) };
  }
  if (fetcher.state === "loading" && fetcher.data?.like)
    return { isLiked: fetcher.data.like.isLiked, likes: fetcher.data.like._count.likes };
  return stored;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2.1 0 3.7 1.2 5 3 1.3-1.8 2.9-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The like control of a course. Without JavaScript it is a plain form: the like route toggles and
 * redirects back to `returnTo`, sent as `redirectTo` (Post/Redirect/Get). With JavaScript it goes
 * through a fetcher without `redirectTo`, so nothing navigates: the route answers the new state
 * and Remix reloads the course list. The card and the dialog of one course share the fetcher, so
 * both show the same state. Anonymous visitors are sent to the login page by the route, either way.
 */
export function LikeButton({ course, returnTo }: { course: Likeable; returnTo: string }) {
  const fetcher = useFetcher<LikeAnswer>({ key: `like-course-${course.id}` });
  const shown = shownLike(course, fetcher);
  const countId = useId();
  const t = useTexts(COURSES_TEXTS);
  const local = useLocalHref();
  // The like route under the page's language, so that it answers (and redirects) in it.
  const action = local(`${coursePath(course.id)}/like`);
  return (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit({ [ASKED]: String(!shown.isLiked) }, { method: "post", action });
      }}
      className="flex items-center gap-2"
    >
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        aria-pressed={shown.isLiked}
        aria-label={t("like", { title: course.title })}
        aria-describedby={countId}
        className={`flex h-11 w-11 items-center justify-center rounded-full border-2 transition-colors ${
          shown.isLiked
            ? "border-coral bg-coral-50 text-coral hover:bg-white"
            : "border-navy/20 bg-white text-navy hover:border-coral hover:text-coral"
        }`}
      >
        <Heart filled={shown.isLiked} />
      </button>
      <span id={countId} aria-live="polite" className="text-sm font-bold text-ink">
        {t("likes", { count: shown.likes })}
      </span>
    </form>
  );
}

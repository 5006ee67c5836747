import type { MetaFunction } from "@remix-run/node";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const meta: MetaFunction = () => [
  { title: `Page not found | ${SCHOOL.name}` },
  {
    name: "description",
    content: `This page of ${SCHOOL.fullName} does not exist. Start from the home page, admissions or the blog.`,
  },
];

/** Unknown addresses get a friendly page inside the site's own navigation. */
export function ErrorBoundary() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <p className="text-7xl font-black text-coral" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl sm:text-4xl">{MESSAGES.errorPage.notFoundTitle}</h1>
      <p className="mt-3 max-w-md text-ink-soft">
        {MESSAGES.errorPage.notFoundText} These are good places to start:
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Home</ButtonLink>
        <ButtonLink to="/admissions" variant="outline">
          Admissions
        </ButtonLink>
        <ButtonLink to="/blog" variant="outline">
          Blog
        </ButtonLink>
      </div>
    </section>
  );
}

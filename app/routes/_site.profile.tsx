import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { isAdmin } from "~/domain/access";
import { SCHOOL } from "~/domain/brand";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  return { name: user.name, email: user.email, isAdmin: isAdmin(user) };
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
      <dt className="font-semibold text-ink-soft">{term}</dt>
      <dd className="break-words font-bold text-ink">{children}</dd>
    </div>
  );
}

export default function ProfilePage() {
  const { name, email, isAdmin } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="My Profile" title={`Hello, ${name}`}>
        Your account at {SCHOOL.fullName}.
      </PageHeader>
      <div className="container-page max-w-2xl py-12 sm:py-16">
        <section aria-labelledby="account-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <div className="flex items-center gap-4">
            <span
              className="flex h-16 w-16 flex-none items-center justify-center rounded-full bg-coral text-3xl font-black uppercase text-white"
              aria-hidden="true"
            >
              {name.trim().charAt(0) || "?"}
            </span>
            <h2 id="account-title" className="text-2xl">
              Account details
            </h2>
          </div>
          <dl className="mt-8 divide-y divide-navy/10 border-y border-navy/10">
            <Detail term="Name">{name}</Detail>
            <Detail term="Email">{email}</Detail>
            {isAdmin ? <Detail term="Role">Administrator</Detail> : null}
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            {isAdmin ? <ButtonLink to="/admin">Go to the admin area</ButtonLink> : null}
            <Form method="post" action="/logout">
              <Button type="submit" variant="outline">
                Logout
              </Button>
            </Form>
          </div>
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `My Profile | ${SCHOOL.name}` },
  { name: "description", content: `Your account details at ${SCHOOL.fullName}.` },
];

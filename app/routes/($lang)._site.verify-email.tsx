import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";
import { redirectWithFlash } from "~/utils/forms.server";

/**
 * The page the verification link in the welcome mail (and "Send the link again") opens:
 * `/verify-email?token=…`. Following it is the proof, so a plain GET verifies: the link works
 * from any mail app, with or without JavaScript, signed in or not. The account it verifies is the
 * link's own, never the one signed in. The owner signed in goes straight to the profile, now
 * showing the records sent from the address; anyone else is told what happened.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await context.services.emailVerification.verify(token);
  if (result.outcome === "invalid") return { outcome: "invalid" as const };
  if (context.user?.id === result.userId) {
    const message =
      result.outcome === "verified"
        ? MESSAGES.verifyEmail.verified(result.email)
        : MESSAGES.verifyEmail.alreadyVerified(result.email);
    throw await redirectWithFlash(context, "/profile", { kind: "success", message });
  }
  // Signed out, or signed in with another account (a shared computer): the link did its work for
  // the account it was made for, and says how to see it.
  return { outcome: result.outcome, email: result.email, signedInAsAnother: Boolean(context.user) };
}

export const headers: HeadersFunction = () => ({
  // Its answer depends on the token and changes the account: kept by no one, shared with no one.
  "Cache-Control": "private, no-store",
  // The token is in this page's address: no request from it carries more than the site's origin.
  "Referrer-Policy": "strict-origin",
});

export default function VerifyEmailPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="bg-gradient-to-b from-sky-50 to-sun-50 py-12 sm:py-20">
      <div className="container-page max-w-lg">
        <div className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          {data.outcome === "invalid" ? (
            <>
              <h1 className="text-3xl">This link does not work</h1>
              <p role="alert" className="mt-4 text-ink">
                {MESSAGES.verifyEmail.linkInvalid}
              </p>
              <p className="mt-3 text-ink-soft">{MESSAGES.verifyEmail.howToGetNew}</p>
              <ButtonLink to="/profile" size="lg" className="mt-6 w-full">
                Go to my profile
              </ButtonLink>
            </>
          ) : (
            <>
              <h1 className="text-3xl">
                {data.outcome === "verified" ? "E-mail address confirmed" : "Already confirmed"}
              </h1>
              <p role="status" className="mt-4 text-ink">
                {data.outcome === "verified"
                  ? MESSAGES.verifyEmail.verified(data.email)
                  : MESSAGES.verifyEmail.alreadyVerified(data.email)}
              </p>
              {data.signedInAsAnother ? (
                <>
                  <p className="mt-3 text-ink-soft">
                    You are signed in with another account. Log out, then log in as {data.email} to see the
                    applications, demo requests and payments sent from this address.
                  </p>
                  <Form method="post" action="/logout" className="mt-6">
                    <input type="hidden" name="redirectTo" value="/login?redirectTo=%2Fprofile" />
                    <Button type="submit" size="lg" variant="outline" className="w-full">
                      Logout
                    </Button>
                  </Form>
                </>
              ) : (
                <>
                  <p className="mt-3 text-ink-soft">
                    Log in as {data.email} to see the applications, demo requests and payments sent from this
                    address.
                  </p>
                  <ButtonLink to="/login?redirectTo=%2Fprofile" size="lg" className="mt-6 w-full">
                    Log in
                  </ButtonLink>
                </>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: `Confirm your e-mail address | ${SCHOOL.name}` },
  { name: "robots", content: "noindex" },
];

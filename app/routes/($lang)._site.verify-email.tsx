import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { translator } from "~/domain/translations";
import { inPageLanguage } from "~/utils/account.server";
import { redirectWithFlash } from "~/utils/forms.server";
import { useLocalHref, useTexts } from "~/utils/language";
import { linkPageMeta } from "~/components/account/link-page-meta";

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
    const t = translator(ACCOUNT_TEXTS, context.language);
    const message = t(result.outcome === "verified" ? "verify.verified" : "verify.alreadyVerified", {
      email: result.email,
    });
    throw await redirectWithFlash(context, inPageLanguage(context, "/profile"), {
      kind: "success",
      message,
    });
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
  const t = useTexts(ACCOUNT_TEXTS);
  const local = useLocalHref();
  return (
    <div className="bg-gradient-to-b from-sky-50 to-sun-50 py-12 sm:py-20">
      <div className="container-page max-w-lg">
        <div className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          {data.outcome === "invalid" ? (
            <>
              <h1 className="text-3xl">{t("link.broken")}</h1>
              <p role="alert" className="mt-4 text-ink">
                {t("error.verifyLinkInvalid")}
              </p>
              <p className="mt-3 text-ink-soft">{t("verify.howToGetNew")}</p>
              <ButtonLink to={local("/profile")} size="lg" className="mt-6 w-full">
                {t("verify.goToProfile")}
              </ButtonLink>
            </>
          ) : (
            <>
              <h1 className="text-3xl">
                {data.outcome === "verified" ? t("verify.headingVerified") : t("verify.headingAlready")}
              </h1>
              <p role="status" className="mt-4 text-ink">
                {t(data.outcome === "verified" ? "verify.verified" : "verify.alreadyVerified", {
                  email: data.email,
                })}
              </p>
              {data.signedInAsAnother ? (
                <>
                  <p className="mt-3 text-ink-soft">{t("verify.anotherAccount", { email: data.email })}</p>
                  <Form method="post" action="/logout" className="mt-6">
                    <input type="hidden" name="redirectTo" value={local("/login?redirectTo=%2Fprofile")} />
                    <Button type="submit" size="lg" variant="outline" className="w-full">
                      {t("profile.logout")}
                    </Button>
                  </Form>
                </>
              ) : (
                <>
                  <p className="mt-3 text-ink-soft">{t("verify.logInAs", { email: data.email })}</p>
                  <ButtonLink to={local("/login?redirectTo=%2Fprofile")} size="lg" className="mt-6 w-full">
                    {t("verify.logIn")}
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

export const meta = linkPageMeta("verify.title");

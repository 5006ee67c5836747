import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ChangePasswordSection } from "~/components/account/change-password-section";
import { SeatOffersSection } from "~/components/account/seat-offers";
import { SAVE_UPDATE_CHOICES, UpdateChoicesSection } from "~/components/account/update-choices";
import {
  FamilyRecordsSections,
  SEND_VERIFICATION,
  VerifyEmailNotice,
} from "~/components/account/family-records";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { isAdmin } from "~/domain/access";
import { SCHOOL } from "~/domain/brand";
import { FORMS } from "~/domain/forms";
import { languageOfPath } from "~/domain/languages";
import { MESSAGES } from "~/domain/messages";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { translator } from "~/domain/translations";
import { requireAccount, requireUser } from "~/utils/auth.server";
import {
  accountSubmissionFailed,
  inPageLanguage,
  requireMatchingPasswords,
  signedInWithNewPassword,
} from "~/utils/account.server";
import { formValues, parseForm, redirectWithFlash } from "~/utils/forms.server";
import { familyOfferAction, isFamilyOfferIntent } from "~/utils/family-offers.server";
import { useFormState } from "~/utils/forms";
import { useLocalHref, useTexts } from "~/utils/language";

/** The account and the family's records: applications, demo requests, fee payments (issue 18). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, owner } = requireAccount(request, context);
  const [records, seatOffers, updateChoices] = await Promise.all([
    context.services.familyRecords.forOwner(owner),
    context.services.offers.forOwner(owner),
    context.services.updatePreferences.forOwner(owner),
  ]);
  return {
    name: user.name,
    email: user.email,
    isAdmin: isAdmin(user),
    records,
    seatOffers,
    // The page shows the numbers masked: the full ones never leave the server.
    updateChoices: {
      whatsapp: updateChoices.whatsapp,
      sms: updateChoices.sms,
      numbers: updateChoices.numbers.map(({ number: _number, ...shown }) => shown),
    },
  };
}

export const headers: HeadersFunction = () => ({
  // One family's records: never kept by the response store, a proxy or the browser's cache.
  "Cache-Control": "private, no-store",
});

/**
 * The profile's forms: "Send the link again" (intent sendVerification), "Save my choices" of the
 * WhatsApp and SMS updates (issue 39), "Change password" (the account's sessions end but this
 * one, which gets a new token), and a seat offer's "Accept and pay" and "Decline" (issue 38).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(request, context);
  const values = formValues(await request.formData());
  if (isFamilyOfferIntent(values.intent)) return familyOfferAction(context, user.id, values);
  if (values.intent === SAVE_UPDATE_CHOICES) {
    try {
      await context.services.updatePreferences.save(user.id, values);
      const t = translator(ACCOUNT_TEXTS, context.language);
      return await redirectWithFlash(context, inPageLanguage(context, "/profile"), {
        kind: "success",
        message: t("updates.saved"),
      });
    } catch (error) {
      return accountSubmissionFailed(context, error, values, MESSAGES.generic.serverError);
    }
  }
  if (values.intent === SEND_VERIFICATION) {
    try {
      const { sent } = await context.services.emailVerification.sendLink(user.id);
      const t = translator(ACCOUNT_TEXTS, context.language);
      const message = t(sent ? "verify.sent" : "verify.alreadyVerified", { email: user.email });
      return await redirectWithFlash(context, inPageLanguage(context, "/profile"), {
        kind: "success",
        message,
      });
    } catch (error) {
      return accountSubmissionFailed(context, error, values, MESSAGES.generic.serverError);
    }
  }
  try {
    // A stolen session must not be a way to guess the password: the login's budget applies.
    await context.services.rateLimiter.consume("login", context.clientIp);
    requireMatchingPasswords(values);
    const { token } = await context.services.auth.changePassword(
      user.id,
      parseForm(FORMS.changePassword, values),
    );
    return await signedInWithNewPassword(context, token);
  } catch (error) {
    return accountSubmissionFailed(context, error, values, MESSAGES.generic.serverError);
  }
}

/** What the family typed or the school decided (a name, an address): never translated. */
function Own({ children }: { children: React.ReactNode }) {
  return <span translate="no">{children}</span>;
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
  const { name, email, isAdmin, records, seatOffers, updateChoices } = useLoaderData<typeof loader>();
  const form = useFormState(SEND_VERIFICATION);
  const verificationFailure =
    form.failure?.values?.intent === SEND_VERIFICATION ? form.failure.message : undefined;
  const t = useTexts(ACCOUNT_TEXTS);
  const local = useLocalHref();
  return (
    <>
      <PageHeader
        eyebrow={t("profile.eyebrow")}
        title={
          <>
            {t("profile.hello")}
            <Own>{name}</Own>
          </>
        }
      >
        {t("profile.intro", { school: SCHOOL.fullName })}
      </PageHeader>
      <div className="container-page max-w-4xl space-y-8 py-12 sm:py-16">
        {records.verified ? null : (
          <VerifyEmailNotice
            email={records.email}
            failure={verificationFailure}
            submitting={form.submitting}
          />
        )}
        <SeatOffersSection seatOffers={seatOffers} applications={records.applications.rows} />
        <FamilyRecordsSections records={records} />
        <UpdateChoicesSection choices={updateChoices} />
        <section aria-labelledby="account-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <div className="flex items-center gap-4">
            <span
              className="flex h-16 w-16 flex-none items-center justify-center rounded-full bg-coral text-3xl font-black uppercase text-white"
              aria-hidden="true"
              translate="no"
            >
              {name.trim().charAt(0) || "?"}
            </span>
            <h2 id="account-title" className="text-2xl">
              {t("profile.account")}
            </h2>
          </div>
          <dl className="mt-8 divide-y divide-navy/10 border-y border-navy/10">
            <Detail term={t("profile.name")}>
              <Own>{name}</Own>
            </Detail>
            <Detail term={t("profile.email")}>
              <Own>{email}</Own>{" "}
              <span className="font-semibold text-ink-soft">
                {records.verified ? t("profile.confirmed") : t("profile.notConfirmed")}
              </span>
            </Detail>
            {isAdmin ? <Detail term={t("profile.role")}>{t("profile.administrator")}</Detail> : null}
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            {isAdmin ? <ButtonLink to="/admin">{t("profile.adminArea")}</ButtonLink> : null}
            <Form method="post" action="/logout">
              {/* Signed out, the visitor stays in the language they were reading. */}
              <input type="hidden" name="redirectTo" value={local("/")} />
              <Button type="submit" variant="outline">
                {t("profile.logout")}
              </Button>
            </Form>
          </div>
        </section>
        <ChangePasswordSection email={email} />
        <section aria-labelledby="my-data-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h2 id="my-data-title" className="text-2xl">
            {t("profile.myData")}
          </h2>
          <p className="mt-2 text-ink-soft">
            {records.verified ? t("profile.myDataTextVerified") : t("profile.myDataText")}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {/*
              Plain links: a download needs no script, and the data never passes through the page.
              The JSON's keys are one language for every program that reads them; the CSV, for a
              spreadsheet, is labelled in the page's language.
            */}
            <a href="/profile/data.json" download className={buttonClasses({ variant: "outline" })}>
              {t("profile.downloadJson")}
            </a>
            <a href={local("/profile/data.csv")} download className={buttonClasses({ variant: "outline" })}>
              {t("profile.downloadCsv")}
            </a>
          </div>
          <h3 className="mt-8 text-xl">{t("profile.deleteHeading")}</h3>
          <p className="mt-2 text-ink-soft">{t("profile.deleteText")}</p>
          <ButtonLink to={local("/profile/delete")} variant="danger" className="mt-4">
            {t("profile.deleteHeading")}
          </ButtonLink>
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = translator(ACCOUNT_TEXTS, languageOfPath(location.pathname));
  return [
    { title: t("profile.title", { school: SCHOOL.name }) },
    { name: "description", content: t("profile.description", { school: SCHOOL.fullName }) },
  ];
};

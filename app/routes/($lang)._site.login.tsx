import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { BotCheck } from "~/components/bot-check";
import { EmailField } from "~/components/enquiry-fields";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { isAdmin } from "~/domain/access";
import { SCHOOL } from "~/domain/brand";
import { inputProps, type FieldSpec } from "~/domain/field-spec";
import { FORMS } from "~/domain/forms";
import { languageOfPath } from "~/domain/languages";
import { RESET_LINK_MINUTES } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { translator } from "~/domain/translations";
import { useFormState } from "~/utils/forms";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";
import { accountSubmissionFailed, inPageLanguage, requireMatchingPasswords } from "~/utils/account.server";
import { checkPublicForm, formValues, parseForm } from "~/utils/forms.server";
import { isAdminPath, safeRedirect } from "~/utils/redirect";
import type { PublicDataHandle } from "~/services/public-data.server";

/** "Forgot password" was sent: the answer, whatever the address. */
type ResetRequested = { id: string; requested: string };

const VIEWS = ["login", "register", "forgot"] as const;
type View = (typeof VIEWS)[number];
const viewOf = (value: string | null): View =>
  (VIEWS as readonly string[]).includes(value ?? "") ? (value as View) : "login";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = context;
  // The admin area sends a signed-in parent here too: they may switch to a staff account.
  const staffOnly = isAdminPath(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), ""));
  if (user && !(staffOnly && !isAdmin(user))) throw redirect(inPageLanguage(context, "/"));
  const details = await context.services.details.get().catch(() => null);
  return { schoolEmail: details?.email ?? null, signedInAs: user?.name ?? null };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  const intent = viewOf(values.intent ?? null);
  const redirectTo = values.redirectTo ? safeRedirect(values.redirectTo, "") : "";
  const fallback =
    intent === "register"
      ? MESSAGES.auth.registerFailed
      : intent === "forgot"
        ? MESSAGES.generic.serverError
        : MESSAGES.auth.loginFailed;
  try {
    // Login has no bot check: it stores and mails nothing, password guessing is bounded by its
    // rate limit, and a password manager fills and sends it in milliseconds. Register and forgot
    // keep the honeypot and signed stamp but not the minimum fill time (decision 0032).
    if (intent === "login") await context.services.rateLimiter.consume("login", context.clientIp);
    else
      await checkPublicForm(context, values, intent === "forgot" ? "passwordReset" : intent, {
        timed: false,
      });
    if (intent === "forgot") {
      await context.services.auth.requestPasswordReset(parseForm(FORMS.forgotPassword, values));
      // The same answer whether or not the address has an account (no enumeration). Shown on
      // this page rather than as a toast: it is long, and must not fade before it is read.
      const requested: ResetRequested = {
        id: crypto.randomUUID(),
        requested: translator(ACCOUNT_TEXTS, context.language)("login.resetRequested", {
          minutes: RESET_LINK_MINUTES,
        }),
      };
      return requested;
    }
    if (intent === "register") requireMatchingPasswords(values);
    const { token, user } =
      intent === "register"
        ? await context.services.auth.register(parseForm(FORMS.register, values), context.language)
        : await context.services.auth.login(parseForm(FORMS.login, values));
    // Back to where the visitor came from, in the language they logged in with.
    const destination = inPageLanguage(context, redirectTo || (isAdmin(user) ? "/admin" : "/"));
    return redirect(destination, { headers: { "Set-Cookie": context.session.signIn(token) } });
  } catch (error) {
    return accountSubmissionFailed(context, error, values, fallback);
  }
}

function Tabs({ view, query }: { view: View; query: string }) {
  const t = useTexts(ACCOUNT_TEXTS);
  const local = useLocalHref();
  const tab = (target: View, label: string) => {
    const active = view === target;
    return (
      <Link
        to={local(`/login?view=${target}${query}`)}
        replace
        aria-current={active ? "page" : undefined}
        className={`flex-1 rounded-full px-4 py-2.5 text-center font-bold transition-colors ${active ? "bg-white text-navy shadow-soft" : "text-ink-soft hover:text-navy"}`}
      >
        {label}
      </Link>
    );
  };
  return (
    <nav aria-label={t("login.tabs")} className="flex gap-1 rounded-full bg-navy-50 p-1">
      {tab("login", t("login.tabLogin"))}
      {tab("register", t("login.tabRegister"))}
    </nav>
  );
}

export default function LoginPage() {
  const { schoolEmail, signedInAs } = useLoaderData<typeof loader>();
  const t = useTexts(ACCOUNT_TEXTS);
  const local = useLocalHref();
  const language = useLanguage();
  const [params] = useSearchParams();
  const view = viewOf(params.get("view"));
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  const query = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const form = useFormState();
  const answer = useActionData<typeof action>();
  const requested = view === "forgot" && answer && "requested" in answer ? answer.requested : null;
  // The action reads an unknown intent as "login"; the answer shows on the view it belongs to.
  const failure =
    form.failure?.values && viewOf(form.valueOf("intent") || null) === view ? form.failure : undefined;
  const errorsFor = (field: string) => failure?.errors?.[field];
  const valueOf = (field: string) => failure?.values?.[field] ?? "";

  const password: FieldSpec = view === "register" ? FORMS.register.password : FORMS.login.password;
  const heading =
    view === "register"
      ? t("login.headingRegister")
      : view === "forgot"
        ? t("login.headingForgot")
        : t("login.headingLogin");
  return (
    <div className="bg-gradient-to-b from-sky-50 to-sun-50 py-12 sm:py-20">
      <div className="container-page max-w-lg">
        <div className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
          <h1 className="text-3xl">{heading}</h1>
          <p className="mt-2 text-ink-soft">
            {view === "forgot" ? t("login.introForgot") : t("login.intro", { school: SCHOOL.name })}
          </p>
          {signedInAs ? (
            <p role="status" className="mt-6 rounded-2xl border-2 border-navy/15 bg-sky-50 p-4 text-ink">
              {t("login.signedInAs.before")}
              <strong translate="no">{signedInAs}</strong>
              {t("login.signedInAs.after")}
            </p>
          ) : null}
          {view !== "forgot" ? (
            <div className="mt-6">
              <Tabs view={view} query={query} />
            </div>
          ) : null}
          <Form method="post" replace className="mt-6 space-y-5" key={`${view}:${form.resetKey}`}>
            <input type="hidden" name="intent" value={view} />
            {/* Login has no bot check (see the action); register and forgot do. */}
            {view === "login" ? null : <BotCheck />}
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <FormAlert message={failure?.message} />
            {requested ? (
              <p
                role="status"
                className="rounded-2xl border-2 border-teal/30 bg-teal-50 p-4 font-semibold text-teal"
              >
                {requested}
              </p>
            ) : null}
            {view === "register" ? (
              <TextField
                {...inputProps(FORMS.register.name)}
                label={t("login.fullName")}
                defaultValue={valueOf("name")}
                errors={errorsFor("name")}
              />
            ) : null}
            <EmailField
              label={t("login.email")}
              defaultValue={valueOf("email")}
              errors={errorsFor("email")}
            />
            {view === "forgot" ? (
              schoolEmail ? (
                <p className="text-sm text-ink-soft">
                  {t("login.helpBefore")}
                  <a
                    className="font-semibold text-navy underline"
                    href={`mailto:${schoolEmail}`}
                    lang={language === "hi" ? "en" : undefined}
                  >
                    {schoolEmail}
                  </a>
                  {t("login.helpAfter")}
                </p>
              ) : null
            ) : (
              <TextField
                {...inputProps(password)}
                label={t("login.password")}
                hint={
                  password.minLength ? t("password.atLeast", { characters: password.minLength }) : undefined
                }
                errors={errorsFor("password")}
              />
            )}
            {view === "register" ? (
              <TextField
                {...inputProps({ ...FORMS.register.password, name: "confirmPassword", minLength: undefined })}
                label={t("login.confirmPassword")}
                errors={errorsFor("confirmPassword")}
              />
            ) : null}
            {view === "login" ? (
              <p className="text-right text-sm">
                <Link
                  to={local(`/login?view=forgot${query}`)}
                  className="font-semibold text-navy underline underline-offset-2"
                >
                  {t("login.forgotLink")}
                </Link>
              </p>
            ) : null}
            <Button
              type="submit"
              size="lg"
              className="w-full"
              pending={form.submitting}
              pendingText={
                view === "register"
                  ? t("login.pendingRegister")
                  : view === "forgot"
                    ? t("login.pendingForgot")
                    : t("login.pendingLogin")
              }
            >
              {view === "register"
                ? t("login.submitRegister")
                : view === "forgot"
                  ? t("login.submitForgot")
                  : t("login.submitLogin")}
            </Button>
            {view === "forgot" ? (
              <p className="text-center">
                <Link
                  to={local(`/login?view=login${query}`)}
                  className="font-semibold text-navy underline underline-offset-2"
                >
                  {t("login.backToLogin")}
                </Link>
              </p>
            ) : null}
          </Form>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = translator(ACCOUNT_TEXTS, languageOfPath(location.pathname));
  return [
    { title: t("login.title", { school: SCHOOL.name }) },
    { name: "description", content: t("login.description", { school: SCHOOL.fullName }) },
  ];
};

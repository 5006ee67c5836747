import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import type { Language } from "~/domain/languages";
import { MESSAGES } from "~/domain/messages";
import { ERASURE_MESSAGES } from "~/domain/personal-data";
import { badRequest, conflict, tooManyRequests, unauthorized } from "~/services/errors";
import { accountSubmissionFailed, inPageLanguage } from "~/utils/account.server";
import type { FormFailure } from "~/utils/forms";

/** The parts of the load context a failed submission reads. */
const contextIn = (language: Language) =>
  ({ language, addResponseHeaders: vi.fn(), reportError: vi.fn() }) as unknown as AppLoadContext;

const failed = (language: Language, error: unknown, fallback: string = MESSAGES.generic.serverError) =>
  accountSubmissionFailed(
    contextIn(language),
    error,
    { email: "a@example.com", password: "secret" },
    fallback,
  );

/**
 * The account pages show a service's refusal in the page's language (issue 37): each message is
 * known by its text's key, values carried over; the /api and the English pages keep the English.
 */
describe("the account pages' messages", () => {
  it("leaves an English page's answer as the service gave it", () => {
    const answer = failed("en", conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] }));
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({
      message: MESSAGES.auth.emailTaken,
      errors: { email: [MESSAGES.auth.emailTaken] },
      values: { email: "a@example.com" },
    });
  });

  it("says a known refusal in Hindi, by field too, keeping the status and never the password", () => {
    const answer = failed("hi", conflict(MESSAGES.auth.emailTaken, { email: [MESSAGES.auth.emailTaken] }));
    expect(answer.init?.status).toBe(409);
    const failure: FormFailure = answer.data;
    expect(failure.message).toBe("इस ईमेल पते से पहले ही एक खाता बना हुआ है।");
    expect(failure.errors).toEqual({ email: ["इस ईमेल पते से पहले ही एक खाता बना हुआ है।"] });
    expect(failure.values).toEqual({ email: "a@example.com" });
    expect(failed("hi", unauthorized(MESSAGES.auth.invalidCredentials)).data.message).toBe(
      "ईमेल या पासवर्ड सही नहीं है।",
    );
    expect(failed("hi", tooManyRequests(MESSAGES.generic.tooManyRequests, 60)).data.message).toBe(
      "बहुत ज़्यादा कोशिशें हो गईं। कृपया एक मिनट रुककर फिर से कोशिश करें।",
    );
  });

  it("carries a message's values into its Hindi", () => {
    const tooShort = MESSAGES.auth.passwordTooShort(8);
    expect(failed("hi", badRequest(tooShort, { password: [tooShort] })).data.errors).toEqual({
      password: ["पासवर्ड में कम से कम 8 अक्षर होने चाहिए।"],
    });
    const pending = ERASURE_MESSAGES.pendingPayment(["Aarav Rao", "Diya Rao"]);
    expect(failed("hi", badRequest(pending), ERASURE_MESSAGES.serverError).data.message).toBe(
      "Aarav Rao, Diya Rao का एक भुगतान अभी चल रहा है। खाता हटाने से पहले कृपया उसके पूरा होने या असफल होने तक रुकें (या हमसे संपर्क करें)।",
    );
  });

  it("never shows English on a Hindi page: an unknown field message asks to check the field, an unknown failure is the page's fallback", () => {
    const unknown = failed(
      "hi",
      badRequest("Please enter your name.", { name: ["Please enter your name."] }),
    );
    expect(unknown.data.message).toBe("कृपया लाल निशान वाले खानों में दी गई जानकारी जाँचें।");
    expect(unknown.data.errors).toEqual({ name: ["कृपया लाल निशान वाले खानों में दी गई जानकारी जाँचें।"] });
    const reportError = vi.fn();
    const context = { ...contextIn("hi"), reportError } as unknown as AppLoadContext;
    const broken = accountSubmissionFailed(
      context,
      new Error("database gone"),
      {},
      ERASURE_MESSAGES.serverError,
    );
    expect(broken.init?.status).toBe(500);
    expect(broken.data.message).toBe(
      "आपका खाता अभी हटाया नहीं जा सका। कुछ भी बदला नहीं गया है; कृपया फिर से कोशिश करें।",
    );
    expect(reportError).toHaveBeenCalledOnce();
  });

  it("sends a Hindi page's visitor on to Hindi pages, and to the English-only back office as it is", () => {
    expect(inPageLanguage(contextIn("hi"), "/profile")).toBe("/hi/profile");
    expect(inPageLanguage(contextIn("hi"), "/")).toBe("/hi");
    expect(inPageLanguage(contextIn("hi"), "/login?view=forgot")).toBe("/hi/login?view=forgot");
    expect(inPageLanguage(contextIn("hi"), "/admin")).toBe("/admin");
    expect(inPageLanguage(contextIn("hi"), "/courses/3")).toBe("/hi/courses/3");
    expect(inPageLanguage(contextIn("hi"), "/about-us-zipat")).toBe("/hi/about-us-zipat");
    expect(inPageLanguage(contextIn("en"), "/profile")).toBe("/profile");
  });
});

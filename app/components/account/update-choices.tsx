import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import type { Language } from "~/domain/languages";
import { UPDATE_CHOICES } from "~/domain/update-choices";
import type { UpdateChannel } from "~/domain/updates";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { useFormState } from "~/utils/forms";
import { useLanguage, useTexts } from "~/utils/language";

/** The intent of the profile's "Save my choices" (its action tells the forms apart by it). */
export const SAVE_UPDATE_CHOICES = "saveUpdateChoices";

/** The family's numbers as the profile's loader sends them: masked, each with its channels now. */
type ProfileUpdateChoices = {
  whatsapp: boolean;
  sms: boolean;
  numbers: {
    masked: string;
    whatsapp: boolean;
    sms: boolean;
    stoppedOnWhatsApp: boolean;
    offByAnother: UpdateChannel[];
  }[];
};

/** "+91 ••••••3210 and +91 ••••••4567", as the page's language joins a list. */
const listed = (items: string[], language: Language) =>
  new Intl.ListFormat(language === "hi" ? "hi-IN" : "en-IN", { type: "conjunction" }).format(items);

/** One channel's box, its label beside it and what it should know below (tied to the box). */
function Choice({
  name,
  label,
  checked,
  notes,
}: {
  name: string;
  label: string;
  checked: boolean;
  notes: ReactNode[];
}) {
  const notesId = `updates-${name}-notes`;
  return (
    <div>
      <label className="flex gap-3 font-semibold text-ink">
        <input
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-describedby={notes.length > 0 ? notesId : undefined}
          className="mt-0.5 h-5 w-5 flex-none accent-navy"
        />
        {label}
      </label>
      {notes.length > 0 ? (
        <div id={notesId} className="ml-8 mt-1 space-y-1 text-sm text-ink-soft">
          {notes}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The profile's "WhatsApp and SMS updates" (issue 39 point 3): a box per channel showing whether
 * it is on for the family's numbers, and "Save my choices", a plain post to the profile's action
 * (so it works without JavaScript; with it, Remix sends it and the page shows the saved state).
 * A box is ticked when its channel is on for every number; one on for some numbers only says so.
 */
export function UpdateChoicesSection({ choices }: { choices: ProfileUpdateChoices }) {
  const t = useTexts(ACCOUNT_TEXTS);
  const language = useLanguage();
  const form = useFormState(SAVE_UPDATE_CHOICES);
  const failure = form.failure?.values?.intent === SAVE_UPDATE_CHOICES ? form.failure.message : undefined;
  const { numbers } = choices;
  const masked = (picked: typeof numbers) =>
    listed(
      picked.map((number) => number.masked),
      language,
    );
  /** "On now for …only." when a channel reaches some of the numbers but not all. */
  const onlyFor = (channel: "whatsapp" | "sms") => {
    const on = numbers.filter((number) => number[channel]);
    return on.length > 0 && on.length < numbers.length ? (
      <p key="only">{t("updates.onlyFor", { numbers: masked(on) })}</p>
    ) : null;
  };
  const stopped = numbers.filter((number) => number.stoppedOnWhatsApp);
  /** "Switched off for … by someone else who gave that number" when another account's opt-out holds. */
  const offByAnother = (channel: UpdateChannel) => {
    const held = numbers.filter((number) => number.offByAnother.includes(channel));
    return held.length > 0 ? (
      <p key="another">{t("updates.offByAnother", { numbers: masked(held) })}</p>
    ) : null;
  };
  const whatsappNotes = [
    <p key="help">{t("updates.whatsappHelp")}</p>,
    onlyFor("whatsapp"),
    stopped.length > 0 ? <p key="stopped">{t("updates.stopped", { numbers: masked(stopped) })}</p> : null,
    offByAnother("WHATSAPP"),
  ].filter(Boolean);
  const smsNotes = [onlyFor("sms"), offByAnother("SMS")].filter(Boolean);
  return (
    <section aria-labelledby="updates-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
      <h2 id="updates-title" className="text-2xl">
        {t("updates.heading")}
      </h2>
      <p className="mt-2 text-ink-soft">{t("updates.intro")}</p>
      {numbers.length === 0 ? (
        <p className="mt-6 font-semibold text-ink">{t("updates.noNumber")}</p>
      ) : (
        // Remounted after each save or refusal, so the boxes show what is stored.
        <Form method="post" replace className="mt-6 space-y-5" key={form.resetKey}>
          <input type="hidden" name="intent" value={SAVE_UPDATE_CHOICES} />
          <FormAlert message={failure} />
          <fieldset>
            <legend className="font-bold text-ink">
              {t("updates.numbers", { numbers: masked(numbers) })}
            </legend>
            <div className="mt-4 space-y-4">
              <Choice
                name={UPDATE_CHOICES.whatsapp}
                label={t("updates.whatsapp")}
                checked={choices.whatsapp}
                notes={whatsappNotes}
              />
              <Choice
                name={UPDATE_CHOICES.sms}
                label={t("updates.sms")}
                checked={choices.sms}
                notes={smsNotes}
              />
            </div>
          </fieldset>
          <Button type="submit" pending={form.submitting} pendingText={t("updates.saving")}>
            {t("updates.save")}
          </Button>
        </Form>
      )}
    </section>
  );
}

import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";
import type { loader as rootLoader } from "~/root";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useTexts } from "~/utils/language";
import type { FormFailure } from "~/utils/forms";

/**
 * Put inside every form anyone may send (the action checks it with `checkPublicForm`): a
 * honeypot input people never see or reach, and the signed time the page was served. A bot
 * that fills every input is refused; a form posted the moment the page came is shown again
 * with the values, and carries the action's stamp from then on, so sending again goes through.
 */
export function BotCheck() {
  const pageStamp = useRouteLoaderData<typeof rootLoader>("root")?.formStamp ?? "";
  // Any answer of the page's action: only a form sent too soon carries a stamp.
  const shownAgain = useActionData<Partial<FormFailure>>()?.formStamp;
  const id = useId();
  const t = useTexts(SITE_TEXTS);
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{t("botCheck.leaveEmpty")}</label>
      <input
        id={id}
        type="text"
        name={BOT_CHECK_FIELDS.honeypot}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
      <input type="hidden" name={BOT_CHECK_FIELDS.stamp} value={shownAgain ?? pageStamp} />
    </div>
  );
}

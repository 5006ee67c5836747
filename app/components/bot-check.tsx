import { useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";
import type { loader as rootLoader } from "~/root";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";

/**
 * Put inside every form anyone may send (the action checks it with `checkPublicForm`): a
 * honeypot input people never see or reach, and the signed time the page was served. A bot
 * that fills every input, or posts the moment it fetched the page, is refused.
 */
export function BotCheck() {
  const stamp = useRouteLoaderData<typeof rootLoader>("root")?.formStamp ?? "";
  const id = useId();
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={BOT_CHECK_FIELDS.honeypot}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
      <input type="hidden" name={BOT_CHECK_FIELDS.stamp} value={stamp} />
    </div>
  );
}

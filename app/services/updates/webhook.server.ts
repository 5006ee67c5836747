import { and, eq } from "drizzle-orm";
import { START_WORDS, STOP_WORDS, type UpdateStatus } from "~/domain/updates";
import type { Database } from "../../../db/client";
import { familyUpdates, updateOptOuts } from "../../../db/schema";
import type { UpdatesOutbox } from "./outbox.server";
import { applyStatus } from "./statuses.server";
import type { WhatsAppInboundMessage, WhatsAppStatusUpdate } from "./whatsapp.server";

const STATUS_OF: Record<WhatsAppStatusUpdate["status"], UpdateStatus> = {
  sent: "SENT",
  delivered: "DELIVERED",
  read: "READ",
  failed: "FAILED",
};

const normalisedWord = (text: string | null) => (text ?? "").trim().toLowerCase();
const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * What the WhatsApp webhook (`POST /api/messages/whatsapp/webhook`, its signature already
 * checked) changes (issue 39 point 5): message statuses, in any order and any number of times,
 * each only ever moving a message on; a number that cannot get WhatsApp gets the update once by
 * SMS; STOP and START from a family.
 */
export function createWhatsAppWebhook({ db, outbox }: { db: Database; outbox: UpdatesOutbox }) {
  return {
    /** Applies statuses; answers how many changed a message and how many named no message of ours. */
    async applyStatuses(
      statuses: readonly WhatsAppStatusUpdate[],
    ): Promise<{ changed: number; unknown: number }> {
      let changed = 0;
      let unknown = 0;
      for (const reported of statuses) {
        const applied = await db.transaction((tx) =>
          applyStatus(
            tx,
            {
              providerId: reported.id,
              status: STATUS_OF[reported.status],
              at: reported.timestamp,
              errorCode: reported.errorCode,
              errorTitle: reported.errorTitle,
            },
            outbox.fallBackToSms,
          ),
        );
        if (applied === "changed") changed += 1;
        if (applied === "early") unknown += 1;
      }
      return { changed, unknown };
    },

    /**
     * A family's messages: STOP (or रोकें) switches WhatsApp off for the number at once and
     * tells them so once; START switches it back on (the records' choices still decide). Other
     * texts are not ours to answer here.
     */
    async handleInbound(
      messages: readonly WhatsAppInboundMessage[],
    ): Promise<{ stopped: number; started: number }> {
      let stopped = 0;
      let started = 0;
      for (const message of messages) {
        const word = normalisedWord(message.text);
        const number = `+${message.from.replace(/\D/g, "")}`;
        const language = DEVANAGARI.test(word) ? "hi" : "en";
        if ((STOP_WORDS as readonly string[]).includes(word)) {
          await db.transaction(async (tx) => {
            const inserted = await tx
              .insert(updateOptOuts)
              .values({ toNumber: number, channel: "WHATSAPP", source: "whatsapp-stop" })
              .onConflictDoNothing()
              .returning({ number: updateOptOuts.toNumber });
            if (inserted.length === 0) return;
            stopped += 1;
            // The one message after a STOP: that it was heard (WhatsApp's own rules allow it).
            if (outbox.channels.whatsapp)
              await tx.insert(familyUpdates).values({
                channel: "WHATSAPP",
                kind: "optedOut",
                language,
                toNumber: number,
                parameters: [],
              });
          });
        } else if ((START_WORDS as readonly string[]).includes(word)) {
          await db.transaction(async (tx) => {
            const removed = await tx
              .delete(updateOptOuts)
              .where(and(eq(updateOptOuts.toNumber, number), eq(updateOptOuts.channel, "WHATSAPP")))
              .returning({ number: updateOptOuts.toNumber });
            if (removed.length === 0) return;
            started += 1;
            if (outbox.channels.whatsapp)
              await tx.insert(familyUpdates).values({
                channel: "WHATSAPP",
                kind: "optedIn",
                language,
                toNumber: number,
                parameters: [],
              });
          });
        }
      }
      return { stopped, started };
    },
  };
}

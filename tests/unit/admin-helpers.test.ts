import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { Flash } from "~/domain/flash";
import { MESSAGES } from "~/domain/messages";
import { badRequest, notFound } from "~/services/errors";
import { adminSubmissionFailed, changeStatus, loadOrExplain, requestedPage } from "~/utils/admin.server";

/** Just enough of a request context: errors are collected, flashes are readable. */
function fakeContext() {
  const reported: unknown[] = [];
  const flashes: Flash[] = [];
  const context = {
    language: "en",
    reportError: (error: unknown) => reported.push(error),
    flash: {
      set: async (flash: Flash) => {
        flashes.push(flash);
        return "flash=1";
      },
    },
  } as unknown as AppLoadContext;
  return { context, reported, flashes };
}

const post = (url: string, fields: Record<string, string>) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields) });

describe("requestedPage", () => {
  it.each([
    ["", 1],
    ["?page=3", 3],
    ["?page=0", 1],
    ["?page=-2", 1],
    ["?page=abc", 1],
    ["?page=2.5", 1],
    ["?page=", 1],
    ["?page=99999999999", 1],
  ])("reads %j as page %i", (search, page) => {
    expect(requestedPage(new Request(`http://school.test/admin/demos${search}`))).toBe(page);
  });
});

describe("loadOrExplain", () => {
  it("answers the data when loading works", async () => {
    const { context, reported } = fakeContext();
    expect(await loadOrExplain(context, async () => [1, 2], "Failed")).toEqual({ data: [1, 2], error: null });
    expect(reported).toEqual([]);
  });

  it("shows the page's text for an unexpected failure and logs it", async () => {
    const { context, reported } = fakeContext();
    const failure = new Error("connection refused");
    const loaded = await loadOrExplain(
      context,
      async () => {
        throw failure;
      },
      MESSAGES.users.listFailed,
    );
    expect(loaded).toEqual({ data: null, error: MESSAGES.users.listFailed });
    expect(reported).toEqual([failure]);
  });

  it("shows the server's own message for a refused request", async () => {
    const { context, reported } = fakeContext();
    const loaded = await loadOrExplain(
      context,
      async () => {
        throw badRequest("The page must be a whole number of 1 or more.");
      },
      MESSAGES.users.listFailed,
    );
    expect(loaded.error).toBe("The page must be a whole number of 1 or more.");
    expect(reported).toEqual([]);
  });
});

describe("adminSubmissionFailed", () => {
  it("answers the page's fixed text with the field errors and the values, status 400", async () => {
    const { context } = fakeContext();
    const answer = adminSubmissionFailed(
      context,
      badRequest("Please enter the address.", { address: ["Please enter the address."] }),
      { address: "", email: "office@zipat.school" },
      MESSAGES.details.saveFailed,
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      message: MESSAGES.details.saveFailed,
      errors: { address: ["Please enter the address."] },
      values: { address: "", email: "office@zipat.school" },
    });
  });
});

describe("changeStatus", () => {
  const options = {
    failed: MESSAGES.demo.statusFailed,
    saved: (row: { studentName: string }) => `${row.studentName} saved.`,
  };

  it("comes back to the same list page with a success message", async () => {
    const { context, flashes } = fakeContext();
    const calls: unknown[] = [];
    const response = await changeStatus(
      post("http://school.test/admin/demos?page=2", { id: "7", status: "COMPLETED" }),
      context,
      {
        ...options,
        update: async (id, input) => {
          calls.push([id, input]);
          return { studentName: "Zoya" };
        },
      },
    );
    expect(calls).toEqual([["7", { status: "COMPLETED" }]]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/demos?page=2");
    expect(flashes).toEqual([{ kind: "success", message: "Zoya saved." }]);
  });

  it("answers any failure with the spec's alert, logging only the unexpected", async () => {
    const { context, flashes, reported } = fakeContext();
    const refused = await changeStatus(post("http://school.test/admin/demos?page=abc", {}), context, {
      ...options,
      update: async () => {
        throw notFound("Demo request not found.");
      },
    });
    expect(refused.headers.get("Location")).toBe("/admin/demos");
    const broken = new Error("database down");
    await changeStatus(post("http://school.test/admin/demos", { id: "1", status: "PENDING" }), context, {
      ...options,
      update: async () => {
        throw broken;
      },
    });
    expect(flashes).toEqual([
      { kind: "error", message: MESSAGES.demo.statusFailed },
      { kind: "error", message: MESSAGES.demo.statusFailed },
    ]);
    expect(reported).toEqual([broken]);
  });
});

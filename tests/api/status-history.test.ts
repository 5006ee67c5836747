import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvents } from "../../db/schema";
import type { RecordType } from "../../app/domain/statuses";
import { startTestApp, type TestApp } from "../support/app";
import { multipart, validApplication, validDemo, validTeacher } from "./helpers";

let app: TestApp;
let admin: { token: string; user: { id: number; name: string } };

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.createUser("ADMIN");
});
afterAll(async () => {
  await app?.close();
});

const historyOf = (recordType: RecordType, id: number) =>
  app.db
    .select({
      kind: recordEvents.kind,
      actorId: recordEvents.actorId,
      fromStatus: recordEvents.fromStatus,
      toStatus: recordEvents.toStatus,
    })
    .from(recordEvents)
    .where(and(eq(recordEvents.recordType, recordType), eq(recordEvents.recordId, String(id))))
    .orderBy(recordEvents.id);

const patch = (path: string, status: string) =>
  app.api(path, { method: "PATCH", token: admin.token, json: { status } });

describe("every status change is written down with who made it (issue 19 point 5)", () => {
  it.each([
    {
      kind: "APPLICATION" as const,
      create: () => app.api("/applications", { method: "POST", json: validApplication() }),
      path: "/applications",
      from: "PENDING",
      to: ["CONTACTED", "REJECTED"],
    },
    {
      kind: "DEMO_REQUEST" as const,
      create: () => app.api("/demos", { method: "POST", json: validDemo() }),
      path: "/demos",
      from: "PENDING",
      to: ["CONTACTED", "COMPLETED"],
    },
    {
      kind: "TEACHER_APPLICATION" as const,
      create: () => app.api("/teacher-applications", { method: "POST", form: multipart(validTeacher()) }),
      path: "/teacher-applications",
      from: "NEW",
      to: ["SHORTLISTED", "HIRED"],
    },
  ])(
    "$kind: through /api, once per real change, never for a refused one",
    async ({ kind, create, path, from, to }) => {
      const created = await create();
      expect(created.status).toBe(201);
      const id = created.body.id as number;

      expect((await patch(`${path}/${id}`, to[0]!)).status).toBe(200);
      // The same status again changes nothing, so nothing is written.
      expect((await patch(`${path}/${id}`, to[0]!)).status).toBe(200);
      expect((await patch(`${path}/${id}`, "NOT_A_STATUS")).status).toBe(400);
      expect((await patch(`${path}/999999`, to[1]!)).status).toBe(404);
      expect((await patch(`${path}/${id}`, to[1]!)).status).toBe(200);

      expect(await historyOf(kind, id)).toEqual([
        { kind: "STATUS_CHANGED", actorId: admin.user.id, fromStatus: from, toStatus: to[0] },
        { kind: "STATUS_CHANGED", actorId: admin.user.id, fromStatus: to[0], toStatus: to[1] },
      ]);
      expect(await historyOf(kind, 999_999)).toEqual([]);
    },
  );

  it("lists the changes for staff with the name of who made them, newest first", async () => {
    const created = await app.api("/applications", { method: "POST", json: validApplication() });
    await patch(`/applications/${created.body.id}`, "APPROVED");
    const { rows } = await app.services.history.list({ page: 1 });
    expect(rows[0]).toMatchObject({
      recordType: "APPLICATION",
      recordId: String(created.body.id),
      kind: "STATUS_CHANGED",
      actorName: admin.user.name,
      fromStatus: "PENDING",
      toStatus: "APPROVED",
    });
  });
});

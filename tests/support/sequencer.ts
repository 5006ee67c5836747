import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files whose time goes mostly to processes they start and wait for (servers started and stopped
 * again, a PostgreSQL cluster taken down): begun last, as their small size put them, they ran
 * alone for the last minute of a CI run with a core to spare (server.test.ts took 87–97 s under
 * load, while the files left beside it took 40). Begun first, they overlap the browser files.
 * mail-delivery.test.ts (a server killed and restarted, SMTP taken away) was the last file of a
 * clean-clone run, 28 s with little beside it.
 */
const START_FIRST = [
  "tests/e2e/server.test.ts",
  "tests/e2e/faults.test.ts",
  "tests/e2e/mail-delivery.test.ts",
];

/** Vitest's order (slowest first when it has timings from an earlier run, else biggest first), with START_FIRST ahead. */
export class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = START_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? START_FIRST.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/server";

const run = promisify(execFile);
const SCRIPT = path.join(PROJECT_ROOT, "dev", "setup-test-machine.sh");

/**
 * dev/setup-test-machine.sh on a machine made up for it: `id`, `sudo` and `apt-get` are stand-ins
 * first on PATH (apt-get only writes down how it was called, so nothing is ever installed), and
 * CHROMIUM_PATH, POSTGRES_ROOT and NGINX point at files that are there or not, as the test says.
 */
describe("the test machine's set-up (npm test runs it first)", () => {
  let folder: string;
  let bin: string;
  let aptCalls: string;

  const script = async (name: string, body: string) => {
    await writeFile(path.join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
    await chmod(path.join(bin, name), 0o755);
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "zipat-setup-"));
    bin = path.join(folder, "bin");
    aptCalls = path.join(folder, "apt-get.calls");
    await mkdir(bin);
    await script("id", 'if [ "$1" = -u ]; then echo "$FAKE_UID"; else exec /usr/bin/id "$@"; fi');
    // A sudo that wants a password: `sudo -n` fails, as it does for a newcomer without rights.
    await script("sudo", 'echo "sudo: a password is required" >&2; exit 1');
    await script("apt-get", `echo "$*" >> ${JSON.stringify(aptCalls)}`);
    // What an installed machine has: a browser and a PostgreSQL version's initdb.
    await mkdir(path.join(folder, "installed", "postgresql", "15", "bin"), { recursive: true });
    await script("../installed/chromium", "exit 0");
    await script("../installed/postgresql/15/bin/initdb", "exit 0");
    await script("../installed/nginx", "exit 0");
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const setUp = async (args: string[], { uid, installed }: { uid: number; installed: boolean }) => {
    await rm(aptCalls, { force: true });
    const where = path.join(folder, installed ? "installed" : "nothing-here");
    const answer = await run("bash", [SCRIPT, ...args], {
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        FAKE_UID: String(uid),
        CHROMIUM_PATH: path.join(where, "chromium"),
        POSTGRES_ROOT: path.join(where, "postgresql"),
        NGINX: path.join(where, "nginx"),
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      ({ code, stdout, stderr }: { code: number; stdout: string; stderr: string }) => ({
        code,
        stdout,
        stderr,
      }),
    );
    const calls = await readFile(aptCalls, "utf8").then(
      (text) => text.trimEnd().split("\n"),
      () => [],
    );
    return { ...answer, calls };
  };

  it("does nothing, quickly, when everything is there: no apt-get", async () => {
    for (const args of [[], ["postgresql"], ["chromium", "postgresql", "nginx"]])
      expect(await setUp(args, { uid: 0, installed: true })).toEqual({
        code: 0,
        stdout: "",
        stderr: "",
        calls: [],
      });
  });

  it("not root and no sudo without a password: stops at once with the one command to run", async () => {
    const missing = path.join(folder, "nothing-here");
    expect(await setUp([], { uid: 1000, installed: false })).toEqual({
      code: 1,
      stdout: "",
      stderr: [
        `The tests need what this machine lacks: Chromium (${missing}/chromium), PostgreSQL's server binaries (${missing}/postgresql/<version>/bin).`,
        "Installing needs root, or sudo without a password. Install with this command, then run the tests again:",
        "",
        "  sudo apt-get update && sudo apt-get install -y chromium postgresql",
        "",
        "",
      ].join("\n"),
      calls: [],
    });
    // `npm run test:unit` needs no browser; test:cluster needs nginx too.
    expect((await setUp(["postgresql"], { uid: 1000, installed: false })).stderr).toContain(
      "sudo apt-get install -y postgresql\n",
    );
    expect((await setUp(["postgresql", "nginx"], { uid: 1000, installed: false })).stderr).toContain(
      "sudo apt-get install -y postgresql nginx\n",
    );
  });

  it("as root installs what is missing with apt-get, and stops if it is still not where the tests look", async () => {
    const answer = await setUp(["chromium", "postgresql", "nginx"], { uid: 0, installed: false });
    expect(answer.calls).toEqual([
      "update -qq",
      "install -y -qq --no-install-recommends chromium postgresql nginx",
    ]);
    // The stand-in installed nothing: said, with exit code 1, before any test.
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain("apt-get did not put chromium where the tests look.");
  });

  it("refuses a need it does not know", async () => {
    const answer = await setUp(["firefox"], { uid: 0, installed: true });
    expect(answer).toMatchObject({ code: 2, calls: [] });
    expect(answer.stderr).toBe(
      'Unknown need "firefox": chromium, postgresql, nginx or chromium-headless-shell.\n',
    );
  });
});

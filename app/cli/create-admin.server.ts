/**
 * Creates an ADMIN account, or promotes an existing one and sets its password.
 *   npm run create-admin -- --email head@zipat.school --name "Head Teacher"
 * The password comes from ADMIN_PASSWORD or is asked for (not echoed).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import askPassword from "@inquirer/password";
import { ConfigError, loadConfig, resolveJwtSecret } from "../config.server";
import { createAuthService } from "../services/auth.server";
import { createDetailsService } from "../services/details.server";
import { createMailOutbox } from "../services/mail/outbox.server";
import { createPublicDataCache } from "../services/public-data.server";
import { createPasswordHasher } from "../services/password.server";
import { isAppError } from "../services/errors";
import { openDatabase } from "../../db/client";

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
  if (!values.email) {
    console.error(
      'Usage: npm run create-admin -- --email <address> [--name "Full Name"]  (password from ADMIN_PASSWORD or a prompt)',
    );
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const password =
    process.env.ADMIN_PASSWORD ||
    (process.stdin.isTTY ? await askPassword({ message: "Password for the admin:" }) : "");
  if (!password) {
    console.error("No password: set ADMIN_PASSWORD or run this in a terminal to be asked.");
    process.exit(2);
  }
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
    const auth = createAuthService({
      db: database.db,
      jwtSecret: resolveJwtSecret(config),
      passwords: createPasswordHasher(config.passwordHashCost),
      // Making or promoting an admin sends no mail; the service needs the outbox for sign-ups.
      outbox: createMailOutbox({
        db: database.db,
        details: createDetailsService(database.db, createPublicDataCache()),
        publicUrl: config.publicUrl,
      }),
      publicUrl: config.publicUrl,
    });
    const { created, user } = await auth.ensureAdmin({
      email: values.email,
      name: values.name ?? "Administrator",
      password,
    });
    console.log(`${created ? "Created" : "Promoted"} ADMIN ${user.email} (${user.name}).`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (isAppError(error))
    console.error(
      `${error.message}${error.errors ? ` ${Object.values(error.errors).flat().join(" ")}` : ""}`,
    );
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

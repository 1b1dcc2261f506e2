// Opening the store when the server starts and closing it when it stops (called by
// utils/lifecycle.server.ts): the database connection, and the owner account from the environment.
import { dbReady, disconnectDb } from "./db.server";
import { ensureOwnerFromEnv } from "./owner.server";

/** Opens the database (connection settings applied) and creates the owner account if missing. */
export async function openStore(ownerEmail?: string, ownerPassword?: string) {
  await dbReady();
  return ensureOwnerFromEnv(ownerEmail, ownerPassword);
}

/** Closes the database connection (the last step of a shutdown). */
export const closeStore = disconnectDb;

import { closeStore, openStore } from "~/models/store.server";
import { env } from "./env.server";

type Hook = () => void | Promise<void>;
const startHooks: Hook[] = [];
const stopHooks: Hook[] = [];

/** Registers work to run once the server starts (e.g. background retries) and to stop at shutdown. */
export function onServerStart(hook: Hook) {
  startHooks.push(hook);
}
export function onServerStop(hook: Hook) {
  stopHooks.push(hook);
}

/** Called by the server (server/main.ts) before it listens: validates config, opens the database, starts jobs. */
export async function startup() {
  const config = env();
  const owner = await openStore(config.OWNER_EMAIL, config.OWNER_PASSWORD);
  if (owner.created) console.log(`Owner account created for ${config.OWNER_EMAIL}`);
  for (const hook of startHooks) await hook();
}

/** Called by the server (server/main.ts) after in-flight requests finished: stops jobs and closes the database. */
export async function shutdown() {
  for (const hook of stopHooks.reverse()) {
    try {
      await hook();
    } catch (error) {
      console.error("Shutdown hook failed", error);
    }
  }
  await closeStore();
}

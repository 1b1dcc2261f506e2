import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/utils/env.server";
import { databaseFile } from "./database-file.server";

declare global {
  var __folioPrisma: PrismaClient | undefined;
}

export { databaseFile };

function createClient() {
  const url = env().DATABASE_URL;
  fs.mkdirSync(path.dirname(databaseFile(url)), { recursive: true });
  const adapter = new PrismaBetterSQLite3({ url });
  return new PrismaClient({ adapter });
}

/** Applies the connection settings Folio relies on (WAL, busy timeout, foreign keys). */
async function configure(client: PrismaClient) {
  // journal_mode returns a row, so it goes through $queryRawUnsafe.
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await client.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
  await client.$executeRawUnsafe("PRAGMA foreign_keys = ON");
  await client.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
}

let ready: Promise<void> | undefined;

function getClient() {
  // One client per process; kept on globalThis so dev-server reloads reuse it.
  if (!globalThis.__folioPrisma) {
    globalThis.__folioPrisma = createClient();
    ready = undefined;
  }
  return globalThis.__folioPrisma;
}

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getClient();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Resolves once the connection PRAGMAs are applied; call before the first query. */
export function dbReady(): Promise<void> {
  ready ??= configure(getClient());
  return ready;
}

export async function disconnectDb() {
  if (globalThis.__folioPrisma) {
    await globalThis.__folioPrisma.$disconnect();
    globalThis.__folioPrisma = undefined;
    ready = undefined;
  }
}

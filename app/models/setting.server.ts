// The owner's site settings (the Setting table: key → value). Each setting is read and written
// through a named function here.
import {
  RETENTION_MONTHS_DEFAULT,
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
} from "~/utils/visit-stats";
import { prisma } from "./db.server";

const RETENTION_KEY = "stats.retentionMonths";

async function readSetting(key: string): Promise<string | null> {
  const row = await prisma.setting.findUnique({ where: { key }, select: { value: true } });
  return row?.value ?? null;
}

async function writeSetting(key: string, value: string): Promise<void> {
  await prisma.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

/** How many months visit counts are kept (the default when never set or out of bounds). */
export async function getRetentionMonths(): Promise<number> {
  const months = Number(await readSetting(RETENTION_KEY));
  return Number.isInteger(months) &&
    months >= RETENTION_MONTHS_MIN &&
    months <= RETENTION_MONTHS_MAX
    ? months
    : RETENTION_MONTHS_DEFAULT;
}

export async function setRetentionMonths(months: number): Promise<void> {
  await writeSetting(RETENTION_KEY, String(months));
}

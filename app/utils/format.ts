// How the site writes money and dates, the same on the public pages and in the dashboard
// (client-safe: no server imports). Fixed locale and time zone, so the server's HTML and the
// browser's render never differ.
import { isIsoDate } from "~/entities/project";

const money = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in dollars with two decimals ("$1,234.50"); "" when there is none. */
export function formatMoney(amount: number | null | undefined): string {
  return amount === null || amount === undefined || !Number.isFinite(amount)
    ? ""
    : money.format(amount);
}

const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * A project's date in words ("March 5, 2024"); the old backend's free text ("Spring 2021") as it
 * was stored; "" when there is none.
 */
export function formatProjectDate(value: string | null | undefined): string {
  if (!value) return "";
  return isIsoDate(value) ? longDate.format(Date.parse(value)) : value;
}

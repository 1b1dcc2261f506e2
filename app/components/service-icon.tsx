import type { ServiceIcon as ServiceIconName } from "~/entities/service";

// Simple line icons (24×24, stroke = currentColor) for service cards and the admin's icon choice.
const paths: Record<ServiceIconName, string> = {
  code: "M8 9l-4 3 4 3M16 9l4 3-4 3M14 5l-4 14",
  design:
    "M12 3a9 9 0 100 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5 0-.8.7-1.5 1.5-1.5H16a5 5 0 005-5c0-4.4-4-7.5-9-7.5zM7.5 11h.01M10 7.5h.01M14.5 7.5h.01",
  mobile: "M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zM11 18h2",
  server: "M4 5h16v6H4zM4 13h16v6H4zM8 8h.01M8 16h.01",
  database:
    "M12 3c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6",
  cloud: "M7 18a4 4 0 01-.5-8A6 6 0 0118 9a4.5 4.5 0 01-.5 9z",
  search: "M11 4a7 7 0 110 14 7 7 0 010-14zM20 20l-4-4",
  chart: "M4 20V10M10 20V4M16 20v-7M3 20h18",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z",
  support:
    "M4 13a8 8 0 0116 0M4 13v3a2 2 0 002 2h1v-6H6a2 2 0 00-2 2zM20 13v3a2 2 0 01-2 2h-1v-6h1a2 2 0 012 2zM17 18c0 1.5-2 3-5 3",
};

/** A service's icon; unknown names fall back to "code". Decorative: the title says what it is. */
export function ServiceIcon({ name, className = "h-6 w-6" }: { name: string; className?: string }) {
  const d = paths[(name in paths ? name : "code") as ServiceIconName];
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

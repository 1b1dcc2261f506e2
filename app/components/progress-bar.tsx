import { useNavigation } from "@remix-run/react";

/** A thin bar at the top while a client navigation or submission is pending. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[100] h-1 overflow-hidden transition-opacity ${busy ? "opacity-100" : "opacity-0"}`}
    >
      {busy ? <div className="folio-progress h-full w-1/2 bg-brand-500" /> : null}
    </div>
  );
}

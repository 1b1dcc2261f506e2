/**
 * A number that counts up from 0 when it first comes into view (the enhancement script,
 * app/enhance/count-up.ts, reads `data-count` and `data-suffix`). The server renders the final
 * number, so it is right without JavaScript; reduced motion skips the animation.
 */
export function CountUp({
  id,
  value,
  suffix = "",
}: {
  id: string;
  value: number;
  suffix?: string;
}) {
  return (
    <>
      <span
        aria-hidden="true"
        data-counter={id}
        data-count={value}
        data-suffix={suffix}
        className="tabular-nums"
      >
        {`${value}${suffix}`}
      </span>
      <span className="sr-only">{`${value}${suffix}`}</span>
    </>
  );
}

import { useNonce } from "~/utils/nonce";

/** Structured data for search engines. `<` is escaped so no value can close the script element. */
export function JsonLd({
  data,
}: {
  data: Record<string, unknown> | Array<Record<string, unknown>>;
}) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

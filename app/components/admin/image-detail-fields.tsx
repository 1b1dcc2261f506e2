import type { MouseEvent, ReactNode } from "react";
import { TextField } from "~/components/form";
import {
  ALT_MAX,
  CAPTION_MAX,
  DEFAULT_IMAGE_DETAIL,
  detailFieldNames,
  MAX_DETAIL_BLOCKS,
  type ImageDetail,
  type ImageDetails,
} from "~/entities/image-detail";

type Typed = Record<string, unknown> | undefined;
type DetailValues = Record<keyof ImageDetail, string>;

const asText = (value: unknown) => (typeof value === "string" ? value : "");

/** What a refused form sent back for each block's image (by src: block numbers may move). */
export function typedDetails(typed: Typed): Record<string, DetailValues> {
  const out: Record<string, DetailValues> = {};
  for (let index = 0; index < MAX_DETAIL_BLOCKS; index++) {
    const names = detailFieldNames(index);
    const src = asText(typed?.[names.src]);
    if (!src) continue;
    out[src] = {
      alt: asText(typed?.[names.alt]),
      caption: asText(typed?.[names.caption]),
      focalX: asText(typed?.[names.focalX]),
      focalY: asText(typed?.[names.focalY]),
    };
  }
  return out;
}

/** The values a block starts with: what was typed before a refusal, else the saved details. */
export function detailValues(
  src: string,
  typed: Record<string, DetailValues>,
  saved: ImageDetails | undefined,
  savedSrc = src,
): DetailValues {
  if (typed[src]) return typed[src];
  const d = saved?.[savedSrc] ?? DEFAULT_IMAGE_DETAIL;
  return { alt: d.alt, caption: d.caption, focalX: String(d.focalX), focalY: String(d.focalY) };
}

/**
 * One image's alt text, caption and focal point (two percentages), beside its preview. With
 * JavaScript a click on the preview sets the focal point. `src` is the image's address or a slot.
 */
export function ImageDetailFields({
  formId,
  index,
  src,
  label,
  values,
  errors,
  preview,
}: {
  /** The form's id: each input's id is `${formId}-${name}` (the error summary links to it). */
  formId: string;
  index: number;
  src: string;
  /** Which image, for the labels: "Thumbnail", "Image 2". */
  label: string;
  values: DetailValues;
  errors: Record<string, string | undefined>;
  /** The preview to click for the focal point (JavaScript). */
  preview?: ReactNode;
}) {
  const names = detailFieldNames(index);
  const error = (key: keyof typeof names) => errors[names[key]];
  const hasError = (["alt", "caption", "focalX", "focalY"] as const).some((k) => error(k));
  const setFocus = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = document.getElementById(`${formId}-${names.focalX}`) as HTMLInputElement | null;
    const y = document.getElementById(`${formId}-${names.focalY}`) as HTMLInputElement | null;
    if (!x || !y || box.width === 0 || box.height === 0) return;
    x.value = String(Math.round(((event.clientX - box.left) / box.width) * 100));
    y.value = String(Math.round(((event.clientY - box.top) / box.height) * 100));
  };
  return (
    <details
      className="rounded-lg border border-slate-200 p-2 text-sm"
      open={hasError || Boolean(values.alt || values.caption) || undefined}
      data-testid={`image-details-${index}`}
    >
      <summary className="cursor-pointer font-medium text-slate-700">
        {label}: alt text, caption, focus
      </summary>
      <input type="hidden" name={names.src} value={src} />
      <div className="mt-2 flex flex-col gap-3">
        <TextField
          label={`${label} alt text`}
          name={names.alt}
          id={`${formId}-${names.alt}`}
          defaultValue={values.alt}
          maxLength={ALT_MAX}
          error={error("alt")}
          hint="What the image shows, for people who cannot see it."
        />
        <TextField
          label={`${label} caption`}
          name={names.caption}
          id={`${formId}-${names.caption}`}
          defaultValue={values.caption}
          maxLength={CAPTION_MAX}
          error={error("caption")}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={`${label} focus across (%)`}
            name={names.focalX}
            id={`${formId}-${names.focalX}`}
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            defaultValue={values.focalX}
            error={error("focalX")}
          />
          <TextField
            label={`${label} focus down (%)`}
            name={names.focalY}
            id={`${formId}-${names.focalY}`}
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            defaultValue={values.focalY}
            error={error("focalY")}
          />
        </div>
        <p className="text-xs text-slate-500">
          The point crops keep in view: 0 0 is the top left, 50 50 the centre.
          {preview ? " With JavaScript, click the preview to set it." : ""}
        </p>
        {preview ? (
          // A pointer shortcut for the two number fields above (the keyboard way).
          <div
            className="w-40 cursor-crosshair"
            onClick={setFocus}
            aria-hidden="true"
            data-testid="focal-preview"
          >
            {preview}
          </div>
        ) : null}
      </div>
    </details>
  );
}

import { useEffect } from "react";
import { Image } from "~/components/image";
import { altOf, detailOf, focalStyle, type ImageDetails } from "~/entities/image-detail";
import { enhanceLightboxes } from "~/enhance/lightbox";

const linkFocus =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * A project's gallery: each image in a visible frame with its caption, a plain link to a larger
 * view (a `:target` overlay: the big image, its caption, Previous / Next / Close links). Works
 * without JavaScript; app/enhance/lightbox.ts adds Escape, the arrow keys and focus (run here
 * too on the hydrated dashboard).
 */
export function ProjectGallery({
  title,
  images,
  details,
  id = "gallery",
}: {
  title: string;
  images: string[];
  details?: ImageDetails;
  /** Prefix of the fragment ids (unique per page). */
  id?: string;
}) {
  useEffect(() => enhanceLightboxes(), []);
  const thumbId = (i: number) => `${id}-thumb-${i + 1}`;
  const boxId = (i: number) => `${id}-image-${i + 1}`;
  const count = images.length;
  return (
    <>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Gallery" data-testid="gallery">
        {images.map((src, i) => {
          const detail = detailOf(details, src);
          const alt = altOf(details, src, `${title} screenshot ${i + 1}`);
          return (
            <li key={`${src}-${i}`}>
              <figure className="gallery-frame h-full rounded-xl border border-slate-300 bg-slate-100 p-2 shadow-sm">
                <a
                  href={`#${boxId(i)}`}
                  id={thumbId(i)}
                  className={`block aspect-[4/3] overflow-hidden rounded-lg bg-slate-100 ${linkFocus}`}
                >
                  <Image
                    src={src}
                    alt={alt}
                    sizes="(min-width: 1024px) 480px, (min-width: 640px) 50vw, 100vw"
                    width={800}
                    height={600}
                    className="h-full w-full object-cover"
                    style={focalStyle(detail)}
                  />
                  <span className="sr-only"> (enlarge image {i + 1})</span>
                </a>
                {detail.caption ? (
                  <figcaption className="px-1 pt-2 text-sm text-slate-700">
                    {detail.caption}
                  </figcaption>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
      {images.map((src, i) => {
        const detail = detailOf(details, src);
        const label = `Image ${i + 1} of ${count}`;
        return (
          <section
            key={`${src}-${i}-box`}
            id={boxId(i)}
            className="lightbox"
            aria-label={label}
            tabIndex={-1}
            data-lightbox=""
          >
            <figure className="lightbox-figure">
              <Image
                src={src}
                alt={altOf(details, src, `${title} screenshot ${i + 1}`)}
                sizes="(min-width: 1100px) 1024px, 94vw"
                className="lightbox-image"
              />
              <figcaption className="lightbox-caption">
                {detail.caption ? <span>{detail.caption} · </span> : null}
                {label}
              </figcaption>
            </figure>
            <nav className="lightbox-nav" aria-label={`${label}: navigation`}>
              {i > 0 ? (
                <a href={`#${boxId(i - 1)}`} data-prev="" className={linkFocus}>
                  Previous
                </a>
              ) : null}
              {i < count - 1 ? (
                <a href={`#${boxId(i + 1)}`} data-next="" className={linkFocus}>
                  Next
                </a>
              ) : null}
              <a href={`#${thumbId(i)}`} data-close="" className={linkFocus}>
                Close
              </a>
            </nav>
          </section>
        );
      })}
    </>
  );
}

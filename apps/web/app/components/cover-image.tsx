import type { EventAttributes } from "@sports/jsonapi";

/**
 * An event's cover as the console shows it (the public pages write their `<img>` out, to keep their
 * first load small): an uploaded one in the browser's best format and size (`srcset`, with its own
 * width and height so nothing moves as it loads); any other (the demo's drawings) as a plain image.
 */
export function CoverImage({
  cover,
  alt,
  sizes,
  width,
  height,
  className,
  lazy = false,
}: {
  cover: NonNullable<EventAttributes["cover"]>;
  alt: string;
  /** The `sizes` of the place it is shown in. */
  sizes: string;
  /** The size to give a cover that does not say its own. */
  width: number;
  height: number;
  className: string;
  lazy?: boolean;
}) {
  const loading = lazy ? ({ loading: "lazy", decoding: "async" } as const) : {};
  if (!cover.srcset)
    return <img src={cover.url} alt={alt} width={width} height={height} className={className} {...loading} />;
  return (
    <picture className="cover-picture">
      <source type="image/webp" srcSet={cover.srcset.webp} sizes={sizes} />
      <img
        src={cover.url}
        srcSet={cover.srcset.jpeg}
        sizes={sizes}
        alt={alt}
        width={cover.width ?? width}
        height={cover.height ?? height}
        className={className}
        {...loading}
      />
    </picture>
  );
}

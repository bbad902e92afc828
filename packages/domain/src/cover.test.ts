import { describe, expect, it } from "vitest";
import { coverImageOf, coverSizes, coverWidths, parseCoverFile } from "./cover.ts";

const UPLOAD = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";

describe("cover sizes", () => {
  it("resizes to the widths not wider than the original, or keeps a narrow one as it is", () => {
    expect(coverWidths(4000)).toEqual([480, 960, 1600]);
    expect(coverWidths(1000)).toEqual([480, 960]);
    expect(coverWidths(480)).toEqual([480]);
    expect(coverWidths(300)).toEqual([300]);
  });

  it("reads an upload's srcset from the event's cover, and nothing from any other image", () => {
    expect(coverSizes(coverImageOf(UPLOAD, 960, 540))).toEqual({
      width: 960,
      height: 540,
      jpeg: `/media/covers/${UPLOAD}-480.jpg 480w, /media/covers/${UPLOAD}-960.jpg 960w`,
      webp: `/media/covers/${UPLOAD}-480.webp 480w, /media/covers/${UPLOAD}-960.webp 960w`,
    });
    expect(coverSizes("/images/demo/mezza-bergamo.svg")).toBeUndefined();
    expect(coverSizes(null)).toBeUndefined();
  });

  it("names a served file by upload, width and format, the largest also by its size", () => {
    expect(parseCoverFile(`${UPLOAD}-480.webp`)).toEqual({ uploadId: UPLOAD, width: 480, mediaType: "image/webp" });
    expect(parseCoverFile(`${UPLOAD}-1600x900.jpg`)).toEqual({
      uploadId: UPLOAD,
      width: 1600,
      mediaType: "image/jpeg",
    });
    for (const name of [`${UPLOAD}-480.png`, "x-480.jpg", `${UPLOAD}.jpg`, `../${UPLOAD}-480.jpg`])
      expect(parseCoverFile(name)).toBeUndefined();
  });
});

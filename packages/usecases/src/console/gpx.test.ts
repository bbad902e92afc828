import { COURSE_MAX_DEPTH } from "@sports/domain";
import { afterAll, describe, expect, it } from "vitest";
import { closeGpxWorker, readGpx } from "./gpx.ts";
import { uploadCourse } from "./upload-course.ts";

const encode = (text: string) => new TextEncoder().encode(text);
const refusal = (text: string | Uint8Array) => {
  try {
    readGpx(typeof text === "string" ? encode(text) : text);
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

afterAll(closeGpxWorker);

/** A good track, then `depth` elements each inside the one before. */
const nested = (depth: number) =>
  `<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.001" lon="1"/></trkseg></trk>${"<extensions>".repeat(depth)}${"</extensions>".repeat(depth)}</gpx>`;

describe("readGpx", () => {
  it("joins a track's segments in order and keeps named waypoints", () => {
    const gpx = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="watch" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="45.01" lon="9.0"><ele>120</ele><name> Aid &amp; water </name></wpt>
  <wpt lat="45.02" lon="9.0"/>
  <trk><trkseg>
    <trkpt lat="45.0" lon="9.0"><ele>100</ele></trkpt>
    <trkpt lat="45.01" lon="9.0"><ele>110</ele></trkpt>
  </trkseg><trkseg>
    <trkpt lat="45.02" lon="9.0"></trkpt>
    <trkpt lat="45.03" lon="9.0"><ele>130</ele></trkpt>
  </trkseg></trk>
  <rte><rtept lat="0" lon="0"/><rtept lat="1" lon="1"/></rte>
</gpx>`;
    const { points, waypoints, text } = readGpx(encode(gpx));
    expect(text.startsWith("<?xml")).toBe(true);
    expect(points).toEqual([
      { longitude: 9, latitude: 45, elevation: 100 },
      { longitude: 9, latitude: 45.01, elevation: 110 },
      { longitude: 9, latitude: 45.02, elevation: null },
      { longitude: 9, latitude: 45.03, elevation: 130 },
    ]);
    expect(waypoints).toEqual([
      { name: "Aid & water", longitude: 9, latitude: 45.01, elevation: 120 },
      { name: "", longitude: 9, latitude: 45.02, elevation: null },
    ]);
  });

  it("reads GPX 1.0; a document whose elements carry a prefix shows no track to togeojson", () => {
    const v10 = `<?xml version="1.0"?><gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>
      <trkpt lat="1" lon="1"><ele>3</ele></trkpt><trkpt lat="1.001" lon="1"/></trkseg></trk></gpx>`;
    expect(readGpx(encode(v10)).points).toEqual([
      { longitude: 1, latitude: 1, elevation: 3 },
      { longitude: 1, latitude: 1.001, elevation: null },
    ]);
    const prefixed = `<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1"><g:trk><g:trkseg>
      <g:trkpt lat="1" lon="1"/><g:trkpt lat="1.001" lon="1"/></g:trkseg></g:trk></g:gpx>`;
    expect(refusal(prefixed)).toBe("gpx-no-track");
  });

  it("refuses, each with its own code", () => {
    expect(refusal("<gpx><trk><trkseg><trkpt lat='1' lon='1'/></trkseg></trk>")).toBe("gpx-not-xml");
    expect(refusal('<!DOCTYPE gpx><gpx version="1.1"/>')).toBe("gpx-doctype");
    expect(refusal('<gpx><!ENTITY x "y"></gpx>')).toBe("gpx-doctype");
    expect(refusal("<gpx/>")).toBe("gpx-no-track");
    expect(refusal(new Uint8Array(5 * 1024 * 1024 + 1))).toBe("gpx-too-large");
    expect(refusal(new Uint8Array([0xc3, 0x28]))).toBe("gpx-not-xml");
  });

  it("refuses a document nested deeper than COURSE_MAX_DEPTH before building it (gpx-too-deep)", () => {
    expect(refusal(nested(100_000))).toBe("gpx-too-deep");
    expect(refusal(nested(COURSE_MAX_DEPTH))).toBe("gpx-too-deep");
    expect(readGpx(encode(nested(COURSE_MAX_DEPTH - 1))).points).toHaveLength(2);
    // What looks like tags in comments, CDATA, instructions and attribute values, and empty elements, nest nothing.
    const looksDeep = "<extensions>".repeat(COURSE_MAX_DEPTH);
    const tricky = `<gpx version="1.1"><!--${looksDeep}--><![CDATA[${looksDeep}]]><?note ${looksDeep}?>${'<extensions a="1>2"/>'.repeat(COURSE_MAX_DEPTH)}<trk a='${">".repeat(COURSE_MAX_DEPTH)}'><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.001" lon="1"/></trkseg></trk></gpx>`;
    expect(readGpx(encode(tricky)).points).toHaveLength(2);
  });

  it("keeps a waypoint's name as plain text, its markup taken out", () => {
    const gpx = `<gpx version="1.1"><wpt lat="1" lon="1"><name>&lt;img src=x onerror=alert(1)&gt; Water &lt;b&gt;point&lt;/b&gt;</name></wpt>
      <trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.001" lon="1"/></trkseg></trk></gpx>`;
    expect(readGpx(encode(gpx)).waypoints.map((waypoint) => waypoint.name)).toEqual(["Water point"]);
  });
});

describe("an uploaded course", () => {
  it("is read in a worker thread: the event loop goes on answering while the file is parsed", async () => {
    const noTrack = encode(`<gpx version="1.1">${'<wpt lat="1" lon="1"><name>x</name></wpt>'.repeat(2_000)}</gpx>`);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      // Refused once parsed, before the database is reached.
      const organiser = { kind: "organiser", userId: "o" } as const;
      const upload = uploadCourse({ db: undefined as never, now: new Date() }, organiser, {
        appointmentId: "a",
        gpx: noTrack,
      });
      await expect(upload).rejects.toMatchObject({ code: "gpx-no-track" });
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});

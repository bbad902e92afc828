import { describe, expect, it } from "vitest";
import { readGpx } from "./gpx.ts";

const encode = (text: string) => new TextEncoder().encode(text);
const refusal = (text: string | Uint8Array) => {
  try {
    readGpx(typeof text === "string" ? encode(text) : text);
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

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
});

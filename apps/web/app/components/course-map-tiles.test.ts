import { describe, expect, it, vi } from "vitest";
import { fixtureCourse } from "./course-fixture.ts";
import { drawTileMap } from "./course-map-tiles.ts";

// Leaflet needs a browser: a stand-in records what each marker's tooltip is given.
const { tooltips } = vi.hoisted(() => ({ tooltips: [] as unknown[] }));
vi.mock("leaflet", () => {
  const layer = () => {
    const self = {
      addTo: () => self,
      once: () => self,
      bindTooltip: (content: unknown) => {
        tooltips.push(content);
        return self;
      },
    };
    return self;
  };
  const map = { attributionControl: { setPrefix: () => {} }, fitBounds: () => {}, on: () => {}, remove: () => {} };
  const latLng = (lat: number, lng: number) => ({ lat, lng, equals: () => false });
  return {
    default: {
      map: () => map,
      tileLayer: layer,
      polyline: layer,
      circleMarker: layer,
      latLng,
      Browser: { mobile: false },
    },
  };
});

describe("the tile map", () => {
  it("gives the markers' tooltips their names as text, never as HTML", () => {
    const element = { ownerDocument: { createElement: (tagName: string) => ({ tagName, textContent: "" }) } };
    const name = "<img src=x onerror=alert(1)>";
    const course = fixtureCourse({
      waypoints: [{ name, distance: 5200, elevation: 870, longitude: 11.15, latitude: 46.05 }],
    });
    drawTileMap(
      element as unknown as HTMLElement,
      course,
      { url: "", attribution: "" },
      {
        start: "Start",
        finish: "Finish",
        onFirstTile: () => {},
      },
    );
    expect(tooltips).toEqual([
      { tagName: "span", textContent: "Start" },
      { tagName: "span", textContent: "Finish" },
      { tagName: "span", textContent: name },
    ]);
  });
});

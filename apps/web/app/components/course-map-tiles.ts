/**
 * The tile map of a course, loaded by components/course-map.tsx only when the map scrolls into
 * view: Leaflet and its style sheet are in this chunk alone, never in a page's first load.
 */
import type { CourseAttributes } from "@sports/jsonapi";
import L from "leaflet";
import "leaflet/dist/leaflet.css";

export interface TileSource {
  url: string;
  attribution: string;
}

/**
 * A tooltip's content as text: Leaflet writes a string into the page as HTML, and a waypoint's name
 * comes from the organiser's file.
 */
function textLabel(element: HTMLElement, text: string): HTMLElement {
  const label = element.ownerDocument.createElement("span");
  label.textContent = text;
  return label;
}

/** Draws the course on a tile map in `element`; answers how to take it down again. */
export function drawTileMap(
  element: HTMLElement,
  course: CourseAttributes,
  tiles: TileSource,
  options: { start: string; finish: string; onFirstTile: () => void },
): () => void {
  const [west, south, east, north] = course.bounds;
  const map = L.map(element, {
    // The page scrolls over the map on a phone: one finger scrolls, two move the map.
    scrollWheelZoom: false,
    dragging: !L.Browser.mobile,
    attributionControl: true,
    // Quarter zoom steps: the course fills the frame rather than the nearest whole zoom level.
    zoomSnap: 0.25,
  });
  map.attributionControl.setPrefix(false);
  const fit = () =>
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [16, 16] },
    );
  fit();
  // The frame follows the column's width (a phone turned, a window resized): the course fits again.
  map.on("resize", fit);
  const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18, crossOrigin: false });
  layer.once("tileload", options.onFirstTile);
  layer.addTo(map);

  const line = course.track.map(([lon, lat]) => L.latLng(lat, lon));
  // A light casing under the line keeps it visible on dark and busy tiles alike.
  L.polyline(line, { color: "#ffffff", weight: 7, opacity: 0.9, interactive: false }).addTo(map);
  L.polyline(line, { color: "#0b57d0", weight: 4, opacity: 1, interactive: false }).addTo(map);
  const start = line[0];
  const finish = line[line.length - 1];
  if (start) {
    L.circleMarker(start, { radius: 7, color: "#ffffff", weight: 2, fillColor: "#0f6b3a", fillOpacity: 1 })
      .bindTooltip(textLabel(element, options.start))
      .addTo(map);
  }
  if (finish && start && !finish.equals(start, 0.0005)) {
    L.circleMarker(finish, { radius: 7, color: "#ffffff", weight: 2, fillColor: "#b3261e", fillOpacity: 1 })
      .bindTooltip(textLabel(element, options.finish))
      .addTo(map);
  }
  for (const waypoint of course.waypoints) {
    L.circleMarker([waypoint.latitude, waypoint.longitude], {
      radius: 5,
      color: "#ffffff",
      weight: 2,
      fillColor: "#14181f",
      fillOpacity: 1,
    })
      .bindTooltip(textLabel(element, waypoint.name))
      .addTo(map);
  }
  return () => {
    map.remove();
  };
}

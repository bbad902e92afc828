import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCourse } from "./course-fixture.ts";
import { CourseOutline, projectionFor } from "./course-map.tsx";

const FRAME = { width: 400, padding: 20, minHeight: 100, maxHeight: 400 };

describe("the course's outline projection", () => {
  it("fits the bounds into the drawing, north up, west left, with the padding around", () => {
    const { project, width, height } = projectionFor([11, 46, 11.2, 46.1], FRAME);
    expect(width).toBe(400);
    const [westX] = project([11, 46.05]);
    const [eastX] = project([11.2, 46.05]);
    const [, northY] = project([11.1, 46.1]);
    const [, southY] = project([11.1, 46]);
    expect(westX).toBeCloseTo(20);
    expect(eastX).toBeCloseTo(380);
    expect(northY).toBeLessThan(southY);
    expect(northY).toBeCloseTo(20, 0);
    expect(southY).toBeCloseTo(height - 20, 0);
  });

  it("keeps the map's proportions: a degree of longitude is shorter than one of latitude at 46° N", () => {
    // A square in degrees is taller than wide on a Mercator map away from the equator.
    const { height } = projectionFor([11, 46, 11.1, 46.1], { ...FRAME, maxHeight: 1000 });
    expect(height - 40).toBeGreaterThan(360 * 1.3);
    expect(height - 40).toBeLessThan(360 * 1.5);
  });

  it("caps a north–south course's height and centres it across", () => {
    const { project, height } = projectionFor([11, 45, 11.01, 46], FRAME);
    expect(height).toBe(400);
    const [x] = project([11.005, 45.5]);
    expect(x).toBeCloseTo(200, 0);
  });

  it("draws the track, the start and finish and the waypoints, named", () => {
    const markup = renderToStaticMarkup(<CourseOutline course={fixtureCourse()} label="Outline" />);
    expect(markup).toContain('role="img" aria-label="Outline"');
    expect(markup).toMatch(/<path class="course-outline-line" d="M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){4}"/);
    // The fixture is a loop: start and finish are one mark.
    expect(markup).toContain("Start and finish");
    expect(markup).not.toContain("course-outline-finish");
    expect(markup).toContain(">Ristoro Malga</text>");
    const open = fixtureCourse({
      track: [
        [11.1, 46],
        [11.25, 46.08],
      ],
    });
    const openMarkup = renderToStaticMarkup(<CourseOutline course={open} label="Outline" />);
    expect(openMarkup).toContain(">Start</text>");
    expect(openMarkup).toContain(">Finish</text>");
    const marked = fixtureCourse({
      waypoints: [{ name: "<img src=x>", distance: 5200, elevation: 870, longitude: 11.15, latitude: 46.05 }],
    });
    const markedMarkup = renderToStaticMarkup(<CourseOutline course={marked} label="Outline" />);
    expect(markedMarkup).toContain(">&lt;img src=x&gt;</text>");
    expect(markedMarkup).not.toContain("<img");
  });
});

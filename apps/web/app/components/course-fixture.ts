import type { CourseAttributes } from "@sports/jsonapi";

/** A course as the API serves it (`GET /api/appointments/{id}/course`), for component tests. */
export function fixtureCourse(overrides: Partial<CourseAttributes> = {}): CourseAttributes {
  const profile: [number, number][] = [];
  for (let d = 0; d <= 21100; d += 211) {
    // Up to 1,240 m at the half-way point and back down to 390 m.
    profile.push([d, Math.round(390 + 850 * Math.sin((Math.PI * d) / 21100))]);
  }
  return {
    distance: 21100,
    elevationGain: 850,
    elevationLoss: 850,
    highest: 1240,
    lowest: 390,
    track: [
      [11.1, 46.0],
      [11.15, 46.05],
      [11.2, 46.08],
      [11.25, 46.04],
      [11.1005, 46.0003],
    ],
    profile,
    waypoints: [
      { name: "Ristoro Malga", distance: 5200, elevation: 870, longitude: 11.15, latitude: 46.05 },
      { name: "Cima", distance: 10550, elevation: 1240, longitude: 11.2, latitude: 46.08 },
      { name: "Rifugio", distance: 11000, elevation: null, longitude: 11.21, latitude: 46.075 },
    ],
    bounds: [11.1, 46.0, 11.25, 46.08],
    gpxUrl: "/api/appointments/a1/course.gpx",
    updatedAt: "2027-05-01T10:00:00.000Z",
    ...overrides,
  };
}

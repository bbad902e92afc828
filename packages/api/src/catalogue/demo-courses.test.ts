import { seedDemoData } from "@sports/db";
import { courseOfGpx } from "@sports/usecases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
  const seeded = await seedDemoData(api.database.db, { now: NOW, readCourse: courseOfGpx });
  expect(seeded.courses).toBe(4);
}, 60_000);
afterAll(() => api.database.close());

const get = async (path: string) => {
  const response = await api.request(path, { headers: { accept: "application/vnd.api+json" } });
  return { status: response.status, body: await response.json() };
};

describe("the demonstration's courses", () => {
  it("give the races the length and climb their descriptions promise", async () => {
    const expected: Record<string, [string, number, number][]> = {
      "mezza-maratona-delle-mura": [
        ["mezza-maratona", 21_097, 180],
        ["10k", 10_000, 110],
      ],
      "cortina-crode-trail": [["trail-32k", 32_000, 1_900]],
      "granfondo-colline-del-barolo": [["mediofondo", 86_000, 1_350]],
    };
    for (const [event, races] of Object.entries(expected)) {
      const { body } = await get(`/api/events/${event}?include=appointments`);
      for (const [slug, distance, climb] of races) {
        const appointment = body.included.find((a: { attributes: { slug: string } }) => a.attributes.slug === slug);
        const { course } = appointment.attributes;
        expect(Math.abs(course.distance - distance)).toBeLessThan(distance * 0.01);
        expect(Math.abs(course.elevationGain - climb)).toBeLessThan(climb * 0.05);
        // A loop: back where it started.
        expect(Math.abs(course.elevationGain - course.elevationLoss)).toBeLessThan(5);
        const full = await get(`/api/appointments/${appointment.id}/course`);
        expect(full.status).toBe(200);
        expect(full.body.data.attributes).toMatchObject({ distance: course.distance });
        expect(full.body.data.attributes.waypoints.length).toBeGreaterThan(0);
        expect(full.body.data.attributes.profile.length).toBeLessThanOrEqual(300);
      }
    }
  });

  it("leave the other races without a course", async () => {
    const { body } = await get("/api/events/cortina-crode-trail?include=appointments");
    const others = body.included.filter((a: { attributes: { slug: string } }) => a.attributes.slug !== "trail-32k");
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other.attributes.course).toBeNull();
  });
});

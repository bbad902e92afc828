import { describe, expect, it } from "vitest";
import { placeOf, signupPath, startPath } from "./paths.ts";

describe("signup URLs", () => {
  const race = { eventSlug: "cortina-crode-trail", appointmentSlug: "trail-32k" };
  const camp = { eventSlug: "camp-multisport-molveno", appointmentSlug: null };

  it("name the appointment, the signup and the step", () => {
    expect(signupPath(race, "abc")).toBe("/evento/cortina-crode-trail/appuntamento/trail-32k/iscrizione/abc");
    expect(signupPath(race, "abc", "stays")).toBe(
      "/evento/cortina-crode-trail/appuntamento/trail-32k/iscrizione/abc/soggiorni",
    );
    expect(signupPath(race, null, "recap")).toBe("/evento/cortina-crode-trail/appuntamento/trail-32k/iscrizione/recap");
  });

  it("leave out the implicit appointment of an event-mode event", () => {
    expect(signupPath(camp, "abc", "recap")).toBe("/evento/camp-multisport-molveno/appuntamento/iscrizione/abc/recap");
    expect(startPath(camp)).toBe("/evento/camp-multisport-molveno");
    expect(startPath(race)).toBe("/evento/cortina-crode-trail/appuntamento/trail-32k");
    expect(placeOf({ slug: "camp" }, { slug: "iscrizione", implicit: true })).toEqual({
      eventSlug: "camp",
      appointmentSlug: null,
    });
  });

  it("escape what is not a plain path segment", () => {
    expect(signupPath({ eventSlug: "a b", appointmentSlug: "c/d" }, "1?x")).toBe(
      "/evento/a%20b/appuntamento/c%2Fd/iscrizione/1%3Fx",
    );
  });
});

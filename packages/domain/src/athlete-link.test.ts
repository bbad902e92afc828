import { describe, expect, it } from "vitest";
import { athleteLinkExpiry, athleteReminderDue } from "./athlete-link.ts";

const day = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe("an athlete's link", () => {
  const race = { signupDeadline: day("2027-05-20"), signupClosesAt: null, startsAt: day("2027-05-23") };

  it("is good until the signup deadline, or the race's start for a signup confirmed after it", () => {
    expect(athleteLinkExpiry(race, day("2027-05-01"))).toEqual(day("2027-05-20"));
    expect(athleteLinkExpiry(race, day("2027-05-21"))).toEqual(day("2027-05-23"));
    expect(athleteLinkExpiry(race, day("2027-05-24"))).toBeNull();
  });

  it("is mailed again 7 and 2 days before it lapses, once per step, never after", () => {
    const expiresAt = day("2027-05-20");
    const due = (now: string, lastMailedAt: string | null) =>
      athleteReminderDue({ expiresAt, now: day(now), lastMailedAt: lastMailedAt ? day(lastMailedAt) : null });
    expect(due("2027-05-12", "2027-05-01")).toBeNull();
    expect(due("2027-05-13", "2027-05-01")).toBe(7);
    expect(due("2027-05-14", "2027-05-13")).toBeNull();
    expect(due("2027-05-18", "2027-05-13")).toBe(2);
    expect(due("2027-05-19", "2027-05-18")).toBeNull();
    // Mailed first within the last week: the 7 days' step is past already, the 2 days' one follows.
    expect(due("2027-05-16", "2027-05-15")).toBeNull();
    expect(due("2027-05-18", "2027-05-15")).toBe(2);
    // Both steps passed unmailed: only the nearer one.
    expect(due("2027-05-19", "2027-05-01")).toBe(2);
    expect(due("2027-05-20", null)).toBeNull();
  });
});

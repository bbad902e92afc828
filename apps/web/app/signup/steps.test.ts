import { describe, expect, it } from "vitest";
import { allowedStep, nextStep, signupSteps } from "./steps.ts";

describe("the signup's steps", () => {
  const fresh = { hasStays: true, participantCount: 0, staysChosen: false };

  it("include the stays only when the event offers lodging", () => {
    expect(signupSteps(fresh).map((s) => s.step)).toEqual(["participants", "stays", "recap"]);
    expect(signupSteps({ ...fresh, hasStays: false }).map((s) => s.step)).toEqual(["participants", "recap"]);
  });

  it("open a step once every earlier one is done", () => {
    expect(signupSteps(fresh).map((s) => s.reachable)).toEqual([true, false, false]);
    const named = { ...fresh, participantCount: 1 };
    expect(signupSteps(named).map((s) => s.reachable)).toEqual([true, true, false]);
    expect(signupSteps({ ...named, staysChosen: true }).map((s) => s.reachable)).toEqual([true, true, true]);
  });

  it("send a visitor who skips ahead back to the first step still to do", () => {
    expect(allowedStep(fresh, "recap")).toBe("participants");
    expect(allowedStep({ ...fresh, participantCount: 2 }, "recap")).toBe("stays");
    expect(allowedStep({ ...fresh, participantCount: 2, hasStays: false }, "recap")).toBe("recap");
    expect(allowedStep(fresh, "participants")).toBe("participants");
  });

  it("take a club's signup past its participants, which its entry gave, never back to them", () => {
    const club = { ...fresh, participantCount: 12, club: true };
    expect(signupSteps(club).map((s) => [s.step, s.done, s.reachable])).toEqual([
      ["participants", true, false],
      ["stays", false, true],
      ["recap", false, false],
    ]);
    expect(allowedStep(club, "participants")).toBe("stays");
    expect(allowedStep({ ...club, staysChosen: true }, "participants")).toBe("recap");
    expect(allowedStep({ ...club, hasStays: false }, "recap")).toBe("recap");
  });

  it("go on from participants to stays or straight to the recap", () => {
    expect(nextStep(fresh, "participants")).toBe("stays");
    expect(nextStep({ ...fresh, hasStays: false }, "participants")).toBe("recap");
    expect(nextStep(fresh, "stays")).toBe("recap");
  });
});

import * as domain from "@sports/domain";
import * as contract from "@sports/jsonapi";
import { describe, expect, it } from "vitest";

/** The lists the JSON:API contract repeats from the domain (the domain imports nothing) must agree. */
describe("the contract and the domain", () => {
  it("name the same sports", () => {
    expect([...contract.SPORTS]).toEqual([...domain.SPORTS]);
  });
});

import * as domain from "@sports/domain";
import * as contract from "@sports/jsonapi";
import { describe, expect, it } from "vitest";

/** The lists the JSON:API contract repeats from the domain (the domain imports nothing) must agree. */
describe("the contract and the domain", () => {
  it("name the same sports", () => {
    expect([...contract.SPORTS]).toEqual([...domain.SPORTS]);
  });

  it("name the same genders and account limits", () => {
    expect([...contract.GENDERS]).toEqual([...domain.GENDERS]);
    expect(contract.ACCOUNT_LIMITS).toEqual({
      passwordMinLength: domain.PASSWORD_MIN_LENGTH,
      passwordMaxLength: domain.PASSWORD_MAX_LENGTH,
      nameMaxLength: domain.NAME_MAX_LENGTH,
      emailMaxLength: domain.EMAIL_MAX_LENGTH,
    });
  });

  it("name the same signup states", () => {
    expect([...contract.SIGNUP_STATES]).toEqual([...domain.SIGNUP_STATES]);
  });

  it("name the same payment methods (the providers) and payment states", () => {
    expect([...contract.PAYMENT_METHODS]).toEqual([...domain.PAYMENT_PROVIDER_IDS]);
    expect([...contract.PAYMENT_STATES]).toEqual([...domain.PAYMENT_STATES]);
  });

  it("name the same actors, signup steps, audit actions and audited records", () => {
    expect([...contract.ACTOR_KINDS]).toEqual([...domain.ACTOR_KINDS]);
    expect([...contract.SIGNUP_ACTIONS]).toEqual([...domain.SIGNUP_ACTIONS]);
    expect([...contract.AUDIT_ACTIONS]).toEqual([...domain.AUDIT_ACTIONS]);
    expect([...contract.AUDIT_RECORDS]).toEqual([...domain.AUDIT_RECORDS]);
  });

  it("name the same result states and timing fields, and read race times alike", () => {
    expect([...contract.RESULT_STATUSES]).toEqual([...domain.RESULT_STATUSES]);
    expect([...contract.RESULTS_STATES]).toEqual([...domain.RESULTS_STATES]);
    expect([...contract.TIMING_FIELDS]).toEqual([...domain.TIMING_FIELDS]);
    for (const text of ["1:02:03", "02:03", "1:02:03,4", "3723.5", "1:60:00", "abc", ""])
      expect(contract.parseRaceTime(text), text).toBe(domain.parseRaceTime(text));
  });

  it("name the same club entry states, sources, problems and athletes' parts", () => {
    expect([...contract.CLUB_ENTRY_STATES]).toEqual([...domain.CLUB_ENTRY_STATES]);
    expect([...contract.CLUB_ENTRY_SOURCES]).toEqual([...domain.CLUB_ENTRY_SOURCES]);
    expect([...contract.CLUB_ENTRY_PROBLEM_CODES]).toEqual([...domain.CLUB_ENTRY_PROBLEM_CODES]);
    expect([...contract.ATHLETE_PARTS]).toEqual([...domain.ATHLETE_PARTS]);
  });

  it("name the same Natura codes, tax regimes, billing problems and document kinds", () => {
    expect([...contract.NATURA_CODE_LIST]).toEqual([...domain.NATURA_CODES]);
    expect([...contract.TAX_REGIME_LIST]).toEqual([...domain.TAX_REGIMES]);
    expect([...contract.BILLING_FIELD_CODES]).toEqual([...domain.BILLING_PROBLEM_CODES]);
    const kinds: contract.BillingDocumentKindName[] = [...domain.BILLING_DOCUMENT_KINDS];
    expect(kinds).toHaveLength(4);
  });

  it("name the same kinds of federation card and reasons a card list's row is left out", () => {
    expect([...contract.CARD_KINDS]).toEqual([...domain.CARD_KINDS]);
    const codes: domain.CardListInvalidRow["code"][] = [...contract.CARD_LIST_ROW_CODES];
    const back: (typeof contract.CARD_LIST_ROW_CODES)[number][] = codes;
    expect(back).toHaveLength(4);
  });
});

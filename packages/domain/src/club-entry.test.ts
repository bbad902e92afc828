import { describe, expect, it } from "vitest";
import { isIncomplete, missingParts } from "./club-entry.ts";

const given = {
  consentsAcceptedAt: new Date("2026-11-01T10:00:00Z"),
  emergencyContactName: "Anna Rossi",
  emergencyContactPhone: "+39 333 1234567",
  certificateId: "c0ffee00-0000-4000-8000-000000000001",
  certificateRequired: true,
};

describe("an athlete's own part", () => {
  it("is complete with consents, an emergency contact and the certificate required", () => {
    expect(missingParts(given)).toEqual([]);
    expect(isIncomplete(given)).toBe(false);
  });

  it("lists each part missing, a certificate only where the event requires one", () => {
    const none = { ...given, consentsAcceptedAt: null, emergencyContactPhone: null, certificateId: null };
    expect(missingParts(none)).toEqual(["consents", "emergency-contact", "certificate"]);
    expect(missingParts({ ...none, certificateRequired: false })).toEqual(["consents", "emergency-contact"]);
  });

  it("leaves a missing certificate to the certificate's own check at the desk", () => {
    expect(isIncomplete({ ...given, certificateId: null })).toBe(false);
    expect(isIncomplete({ ...given, emergencyContactName: "" })).toBe(true);
  });
});

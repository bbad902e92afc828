import { describe, expect, it } from "vitest";
import { loggablePath } from "./logging.ts";

describe("tokens", () => {
  it("never reach the logs inside a path", () => {
    expect(loggablePath("/api/password-resets/abcDEF123_-")).toBe("/api/password-resets/[token]");
    expect(loggablePath("/api/email-verifications/xyz")).toBe("/api/email-verifications/[token]");
    expect(loggablePath("/api/athlete-links/abc/certificates")).toBe("/api/athlete-links/[token]/certificates");
    expect(loggablePath("/api/events/cortina")).toBe("/api/events/cortina");
  });
});

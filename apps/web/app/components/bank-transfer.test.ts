import { describe, expect, it } from "vitest";
import { groupedIban } from "./bank-transfer.tsx";

describe("an IBAN on the page", () => {
  it("is shown in groups of four, whatever spacing it came with", () => {
    expect(groupedIban("IT60X0542811101000000123456")).toBe("IT60 X054 2811 1010 0000 0123 456");
    expect(groupedIban("it60 x054 2811 1010 0000 0123 456")).toBe("IT60 X054 2811 1010 0000 0123 456");
    expect(groupedIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });
});

import { readFileSync } from "node:fs";
import { isRefusal } from "@sports/domain";
import { describe, expect, it } from "vitest";
import { readSdiNotification } from "./sdi-notifications.ts";

const example = (kind: string): Uint8Array =>
  readFileSync(new URL(`./fatturapa/example-notification-${kind}.xml`, import.meta.url));

/** The problem code a reading is refused with. */
function refusalOf(read: () => unknown): string | undefined {
  try {
    read();
  } catch (error) {
    if (isRefusal(error, "invalid-input")) return error.problems[0]?.code;
    throw error;
  }
  return undefined;
}

const ABOUT = { fileName: "IT01234567890_11111.xml.p7m", sdiId: "111" };

describe("readSdiNotification", () => {
  it.each([
    ["RC", { kind: "RC", ...ABOUT, receivedAt: "2013-06-06T12:00:00Z", errors: [] }],
    [
      "NS",
      {
        kind: "NS",
        ...ABOUT,
        receivedAt: "2013-06-06T12:00:00Z",
        errors: [{ code: "00100", description: "Certificato di firma scaduto" }],
      },
    ],
    ["MC", { kind: "MC", ...ABOUT, receivedAt: "2013-06-06T12:00:00", errors: [] }],
    ["NE", { kind: "NE", ...ABOUT, errors: [], outcome: "EC01" }],
  ])("reads the SdI's example %s", (kind, notification) => {
    expect(readSdiNotification(example(kind))).toEqual(notification);
  });

  it("reads a notification given as text", () => {
    expect(readSdiNotification(new TextDecoder().decode(example("RC"))).kind).toBe("RC");
  });

  const rc = new TextDecoder().decode(example("RC"));
  it.each([
    ["a DOCTYPE", rc.replace("<?xml-stylesheet", '<!DOCTYPE x [<!ENTITY a "b">]>\n<?xml-stylesheet'), "sdi-doctype"],
    ["elements nested too deep", `<a>${"<b>".repeat(20)}${"</b>".repeat(20)}</a>`, "sdi-too-deep"],
    ["text that is not XML", rc.replace("</types:RicevutaConsegna>", ""), "sdi-not-xml"],
    ["bytes that are not UTF-8", new Uint8Array([0x30, 0x80, 0x06, 0x09]), "sdi-not-xml"],
    ["another kind of message", rc.replaceAll("RicevutaConsegna", "NotificaDecorrenzaTermini"), "sdi-not-notification"],
    ["another namespace", rc.replace("sdi/messaggi/v1.0", "sdi/messaggi/v9"), "sdi-not-notification"],
    ["no file name", rc.replace(/<NomeFile>.*<\/NomeFile>/, ""), "sdi-incomplete"],
  ])("refuses %s", (_, input, code) => {
    expect(refusalOf(() => readSdiNotification(input))).toBe(code);
  });
});

import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { winAnsiSafe } from "./win-ansi.ts";

describe("text for the standard fonts", () => {
  it("keeps Western letters and typography, and writes others by their base letter", () => {
    expect(winAnsiSafe("Zoë Ñúñez-D’Arcy – 5 € “ok” œuvre Šárka Øster")).toBe(
      "Zoë Ñúñez-D’Arcy – 5 € “ok” œuvre Šárka Øster",
    );
    expect(winAnsiSafe("Łukasz Jiří Ağaoğlu Đorđe Ștefan Iłża")).toBe("Lukasz Jirí Agaoglu Dorde Stefan Ilza");
    expect(winAnsiSafe("ﬁnish ＡＢ")).toBe("finish AB");
  });

  it("composes decomposed accents, makes any space a space, drops what is invisible, and marks the rest", () => {
    expect(winAnsiSafe("Rene\u0301e")).toBe("Renée");
    expect(winAnsiSafe("12\u202fkm\tover\nlines")).toBe("12 km over lines");
    expect(winAnsiSafe("a\u200bb\u0007c\u200d")).toBe("abc");
    expect(winAnsiSafe("王 Ωмега 🏃")).toBe("? ????? ?");
  });

  it("writes nothing Helvetica cannot encode", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    let everything = "";
    for (let code = 0; code < 0x3000; code++) everything += String.fromCodePoint(code);
    expect(() => font.encodeText(everything)).toThrow();
    expect(() => font.encodeText(winAnsiSafe(`${everything}\u{1f3c3}`))).not.toThrow();
  });
});

import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { activeContentOf } from "./pdf-active-content.ts";

const bytes = (part: string | Buffer) => (typeof part === "string" ? Buffer.from(part, "latin1") : part);

/** A PDF of the given objects (numbered from 1, the first the catalog). */
const pdf = (...objects: (string | Buffer)[]) =>
  Buffer.concat([
    bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"),
    ...objects.flatMap((object, index) => [bytes(`${index + 1} 0 obj\n`), bytes(object), bytes("\nendobj\n")]),
    bytes("trailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  ]);

const stream = (dictionary: string, data: string | Buffer) =>
  Buffer.concat([
    bytes(`<< ${dictionary} /Length ${bytes(data).length} >>\nstream\n`),
    bytes(data),
    bytes("\nendstream"),
  ]);

/** An object stream holding `objects` as objects 11, 12…, compressed as `filter` says. */
function objectStream(
  objects: string[],
  { type = "/ObjStm", filter = "/FlateDecode", data = (text: string): Buffer => deflateSync(text) } = {},
) {
  const offsetOf = (index: number) => objects.slice(0, index).reduce((sum, object) => sum + object.length + 1, 0);
  const header = objects.map((_, index) => `${11 + index} ${offsetOf(index)}`).join(" ");
  const content = `${header}\n${objects.join("\n")}`;
  return stream(`/Type ${type} /N ${objects.length} /First ${header.length + 1} /Filter ${filter}`, data(content));
}

const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>";
const SCRIPT = "<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>";
const noise = (planted: string) => {
  const random = Buffer.from(crypto.getRandomValues(new Uint8Array(4096)));
  random.write(planted, 2000, "latin1");
  return random;
};

describe("activeContentOf", () => {
  it("finds nothing in a plain document: a link, an opening view, names in strings, comments and image data", () => {
    const document = pdf(
      "<< /Type /Catalog /Pages 2 0 R /OpenAction [4 0 R /Fit] >> % not /JS",
      "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
      stream("/Filter /FlateDecode", deflateSync("BT /F1 12 Tf (Certificato medico /JavaScript) Tj ET")),
      `${PAGE.slice(0, -2)} /Annots [<< /Subtype /Link /A << /S /URI /URI (https://example.org/JS) >> >>] >>`,
      stream("/Type /XObject /Subtype /Image /Filter /DCTDecode", noise("/JS /XFA]")),
    );
    expect(activeContentOf(document)).toEqual([]);
    expect(activeContentOf(pdf("<< /Type /Catalog /Pages 2 0 R >>", objectStream([PAGE])))).toEqual([]);
  });

  it.each([
    ["a script run on opening", pdf(`<< /Type /Catalog /OpenAction ${SCRIPT} >>`), ["JavaScript", "JS"]],
    [
      "a launch action on closing a page",
      pdf("<< /Type /Catalog >>", `${PAGE.slice(0, -2)} /AA << /C << /S /Launch /F (cmd.exe) >> >> >>`),
      ["Launch"],
    ],
    [
      "an attached file",
      pdf(
        "<< /Type /Catalog /Names << /EmbeddedFiles << /Names [(a.exe) 2 0 R] >> >> >>",
        "<< /Type /Filespec /F (a.exe) /EF << /F 3 0 R >> >>",
        stream("/Type /EmbeddedFile", "MZ"),
      ),
      ["EmbeddedFiles", "EmbeddedFile", "EF"],
    ],
    ["an XFA form", pdf("<< /Type /Catalog /AcroForm << /Fields [] /XFA 2 0 R >> >>", "<< >>"), ["XFA"]],
    ["names written with #xx escapes", pdf("<< /OpenAction << /S /J#61vaScript /J#53 (x) >> >>"), ["JavaScript", "JS"]],
    [
      "a script in a compressed object stream",
      pdf("<< /Type /Catalog >>", objectStream([SCRIPT])),
      ["JavaScript", "JS"],
    ],
    [
      "a script in an object stream whose type is escaped",
      pdf("<< /Type /Catalog >>", objectStream(["<< /S /Launch >>"], { type: "/Obj#53tm" })),
      ["Launch"],
    ],
    [
      "a script after a string that says 'stream'",
      pdf(`<< /Title (>> stream\n) /OpenAction ${SCRIPT} >>`),
      ["JavaScript", "JS"],
    ],
    [
      "a script hidden in an image's data, for a reader that rebuilds a broken file",
      pdf("<< /Type /Catalog >>", stream("/Subtype /Image", noise(`98 0 obj ${SCRIPT} 99 0 obj << /S /L#61unch >>`))),
      ["JavaScript", "Launch"],
    ],
    [
      "an object stream of another filter",
      pdf(
        "<< >>",
        objectStream([SCRIPT], {
          filter: "/ASCIIHexDecode",
          data: (text) => Buffer.from(Buffer.from(text).toString("hex")),
        }),
      ),
      ["ObjStm"],
    ],
    [
      "an object stream that does not inflate",
      pdf("<< >>", objectStream([SCRIPT], { data: () => bytes("not zlib") })),
      ["ObjStm"],
    ],
    [
      "an object stream that inflates to over ten times the file",
      pdf("<< >>", objectStream([SCRIPT], { data: (text) => deflateSync(text.padEnd(2 * 1024 * 1024)) })),
      ["ObjStm"],
    ],
    [
      "a PDF inside a JPEG's first kilobyte",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), pdf(`<< /OpenAction ${SCRIPT} >>`)]),
      ["JavaScript", "JS"],
    ],
  ])("finds %s", (_, document, found) => {
    expect(activeContentOf(document)).toEqual(found);
  });
});

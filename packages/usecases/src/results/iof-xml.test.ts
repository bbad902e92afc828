import { readFileSync } from "node:fs";
import { isRefusal, type ResultLine, rankResults } from "@sports/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { validateXML, type XMLValidationResult } from "xmllint-wasm";
import { type IofResultRow, readIofResultList, writeIofResultList } from "./iof-xml.ts";

type Runner = Pick<ResultLine, "bib" | "givenName" | "familyName" | "status" | "gunTime"> & Partial<ResultLine>;

/** A race's lines, ranked by the domain's rules on gun time. */
function race(runners: Runner[]): ResultLine[] {
  const lines = runners.map(
    (runner, index): ResultLine => ({
      id: `line-${runner.bib}`,
      appointmentId: "appointment-1",
      participantId: `participant-${index}`,
      club: null,
      gender: null,
      birthDate: null,
      category: null,
      netTime: null,
      ranks: { overall: null, gender: null, category: null },
      splits: [],
      diplomaCode: `code-${runner.bib}`,
      ...runner,
    }),
  );
  const ranks = rankResults(lines, "gunTime");
  return lines.map((line, index) => ({ ...line, ranks: ranks[index] ?? line.ranks }));
}

const CLUB = "Società Podistica Città di Ferrara & Dintorni";

const half = race([
  { bib: 105, givenName: "Paolo", familyName: "Gialli", status: "dnf", gunTime: null, gender: "male" },
  {
    bib: 101,
    givenName: "Anna",
    familyName: "D'Àvila",
    status: "finished",
    gunTime: 4523.4,
    netTime: 4520.1,
    gender: "female",
    birthDate: "1990-04-12",
    club: CLUB,
    splits: [
      { name: "5 km", time: 1101.2 },
      { name: "10 km", time: 2205.9 },
    ],
  },
  { bib: 102, givenName: "Marco", familyName: "Bianchi", status: "finished", gunTime: 4600, gender: "male" },
  { bib: 103, givenName: "Luca", familyName: "Verdi", status: "finished", gunTime: 4600, gender: "male" },
  { bib: 104, givenName: "Sam", familyName: "Neri", status: "finished", gunTime: 4700.25, gender: "non-binary" },
  { bib: 106, givenName: "Giulia", familyName: "Blu", status: "dsq", gunTime: 4400, gender: "female" },
]);
const tenK = race([{ bib: 201, givenName: "Elena", familyName: "Ferri", status: "dns", gunTime: null }]);

const written = writeIofResultList({
  event: { id: "event-1", name: "Mezza di Ferrara <2026>", date: "2026-03-15" },
  races: [
    { id: "race-1", name: "Mezza maratona", lines: half },
    { id: "race-2", name: "10 km", lines: tenK },
  ],
  createdAt: new Date("2026-03-15T14:30:00Z"),
  creator: "Sports events",
});

const row = (fields: Partial<IofResultRow> & Pick<IofResultRow, "line" | "bib" | "givenName" | "familyName">) => ({
  birthDate: null,
  club: null,
  className: "Mezza maratona",
  status: "finished",
  time: null,
  splits: [],
  ...fields,
});

describe("writeIofResultList", () => {
  let validation: XMLValidationResult;
  beforeAll(async () => {
    const schema = readFileSync(new URL("./iof/IOF.xsd", import.meta.url), "utf8");
    // Family after Given: the same list out of the schema's order, to show the validator checks it.
    const misordered = written.replace(
      /<Family>(.*?)<\/Family>(\s*)<Given>(.*?)<\/Given>/,
      "<Given>$3</Given>$2<Family>$1</Family>",
    );
    validation = await validateXML({
      xml: [
        { fileName: "written.xml", contents: written },
        { fileName: "misordered.xml", contents: misordered },
      ],
      schema: { fileName: "IOF.xsd", contents: schema },
    });
  });

  it("writes a result list the IOF schema validates", () => {
    expect(validation.errors.filter((error) => error.loc?.fileName !== "misordered.xml")).toEqual([]);
    expect(validation.errors.map((error) => error.loc?.fileName)).toEqual(["misordered.xml"]);
  });

  it("places finishers first with their time behind the winner, ties sharing a place", () => {
    const results = [...written.matchAll(/<BibNumber>(\d+)<\/BibNumber>\s*(?:<Time>([\d.]+)<\/Time>)?/g)];
    expect(results.map(([, bib, time]) => [bib, time])).toEqual([
      ["101", "4523.4"],
      ["102", "4600"],
      ["103", "4600"],
      ["104", "4700.25"],
      ["105", undefined],
      ["106", undefined],
      ["201", undefined],
    ]);
    expect([...written.matchAll(/<Position>(\d+)<\/Position>/g)].map(([, place]) => place)).toEqual([
      "1",
      "2",
      "2",
      "4",
    ]);
    expect(written).toContain("<TimeBehind>76.6</TimeBehind>");
    expect(written).toContain('<ClassResult timeResolution="0.01">');
    expect(written).toContain("<Name>Società Podistica Città di Ferrara &amp; Dintorni</Name>");
    expect([...written.matchAll(/<Person sex="(.)">/g)].map(([, sex]) => sex)).toEqual(["F", "M", "M", "M", "F"]);
  });

  it("reads back the runners it wrote", () => {
    expect(readIofResultList(written)).toEqual([
      row({
        line: 1,
        bib: "101",
        givenName: "Anna",
        familyName: "D'Àvila",
        birthDate: "1990-04-12",
        club: CLUB,
        time: 4523.4,
        splits: [
          { name: "5 km", time: 1101.2 },
          { name: "10 km", time: 2205.9 },
        ],
      }),
      row({ line: 2, bib: "102", givenName: "Marco", familyName: "Bianchi", time: 4600 }),
      row({ line: 3, bib: "103", givenName: "Luca", familyName: "Verdi", time: 4600 }),
      row({ line: 4, bib: "104", givenName: "Sam", familyName: "Neri", time: 4700.25 }),
      row({ line: 5, bib: "105", givenName: "Paolo", familyName: "Gialli", status: "dnf" }),
      row({ line: 6, bib: "106", givenName: "Giulia", familyName: "Blu", status: "dsq" }),
      row({ line: 7, bib: "201", givenName: "Elena", familyName: "Ferri", status: "dns", className: "10 km" }),
    ]);
  });
});

/** A result list as other timing software writes one: ids, extensions, decimals, parts missing. */
const OTHER_SOFTWARE = `<?xml version="1.0" encoding="UTF-8"?>
<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" xmlns:x="urn:example:timing"
  iofVersion="3.0" creator="Another timing system 5.2" status="Snapshot">
  <Event><Id>4711</Id><Name>Trail dei Colli</Name></Event>
  <ClassResult timeResolution="0.1">
    <Class><Id>1</Id><Name>Trail 21 km</Name><ShortName>T21</ShortName></Class>
    <PersonResult>
      <EntryId>88</EntryId>
      <Person sex="F"><Id type="FIDAL">AB123</Id><Name><Family>Müller</Family><Given>Jörg</Given></Name>
        <BirthDate>1985-11-02</BirthDate></Person>
      <Organisation><Id>9</Id><Name>Trail Runners Bolzano</Name><ShortName>TRB</ShortName></Organisation>
      <Result>
        <BibNumber> 7 </BibNumber>
        <StartTime>2026-05-10T09:00:00+02:00</StartTime>
        <FinishTime>2026-05-10T11:02:03.4+02:00</FinishTime>
        <Time>7323.4</Time><TimeBehind>0</TimeBehind><Position>1</Position><Status>OK</Status>
        <SplitTime><ControlCode>31</ControlCode><Time>1800.5</Time></SplitTime>
        <SplitTime status="Missing"><ControlCode>32</ControlCode></SplitTime>
        <SplitTime><ControlCode>Arrivo</ControlCode><Time>2:02:03,4</Time></SplitTime>
      </Result>
      <Extensions><x:Category>SF40</x:Category></Extensions>
    </PersonResult>
    <PersonResult>
      <Person><Name><Family>Rossi</Family><Given>Ada</Given></Name></Person>
      <Result><Time>7000</Time><Status>MissingPunch</Status></Result>
    </PersonResult>
    <PersonResult>
      <Person><Name><Family>Conti</Family><Given>Bruno</Given></Name></Person>
      <Result><BibNumber>9</BibNumber><Status>Active</Status></Result>
    </PersonResult>
  </ClassResult>
  <ClassResult>
    <Class><Name>Nordic walking</Name></Class>
    <PersonResult>
      <Person><Name><Family>Greco</Family><Given>Carla</Given></Name></Person>
      <Organisation><ShortName>NW Trento</ShortName></Organisation>
      <Result><BibNumber>301</BibNumber><Time>5400</Time></Result>
    </PersonResult>
  </ClassResult>
</ResultList>`;

describe("readIofResultList", () => {
  it("reads another software's result list, optional parts missing and runners still on course left out", () => {
    expect(readIofResultList(OTHER_SOFTWARE)).toEqual([
      row({
        line: 1,
        bib: "7",
        givenName: "Jörg",
        familyName: "Müller",
        birthDate: "1985-11-02",
        club: "Trail Runners Bolzano",
        className: "Trail 21 km",
        time: 7323.4,
        splits: [
          { name: "31", time: 1800.5 },
          { name: "Arrivo", time: 7323.4 },
        ],
      }),
      row({
        line: 2,
        bib: null,
        givenName: "Ada",
        familyName: "Rossi",
        className: "Trail 21 km",
        status: "dsq",
        time: 7000,
      }),
      row({
        line: 4,
        bib: "301",
        givenName: "Carla",
        familyName: "Greco",
        club: "NW Trento",
        className: "Nordic walking",
        time: 5400,
      }),
    ]);
  });

  it.each([
    [
      "a DOCTYPE",
      `<!DOCTYPE ResultList [<!ENTITY x "y">]>${written.slice(written.indexOf("<ResultList"))}`,
      "iof-doctype",
    ],
    ["an IOF 2.0.3 list", '<ResultList><IOFVersion version="2.0.3"/></ResultList>', "iof-version"],
    [
      "a start list",
      `<StartList xmlns="http://www.orienteering.org/datastandard/3.0" iofVersion="3.0"/>`,
      "iof-not-result-list",
    ],
  ])("refuses %s", (_, xml, code) => {
    const refusal = (() => {
      try {
        readIofResultList(xml);
      } catch (error) {
        return error;
      }
    })();
    expect(isRefusal(refusal, "invalid-input") && refusal.problems.map((problem) => problem.code)).toEqual([code]);
  });

  it("refuses a broken file saying where it breaks", () => {
    const broken = written.replace("</Family>", "</Famly>");
    expect(() => readIofResultList(broken)).toThrow(/^The file is not well-formed XML \(near line \d+\): .*"Famly"/);
  });
});

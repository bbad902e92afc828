/**
 * Results as the IOF XML 3.0 `ResultList` (the International Orienteering Federation's data
 * standard, schema in packages/usecases/src/results/iof/IOF.xsd), which timing and event software
 * read and write: written from a race's result lines, and read from a timing company's file into
 * rows the import maps as it maps a CSV's.
 */
import { parseRaceTime, type RankBy, type ResultLine, type ResultStatus, refuse, type Split } from "@sports/domain";
import type { Element } from "@xmldom/xmldom";
import { declaresDoctype, nestsDeeperThan, parseWellFormed } from "../untrusted-xml.ts";

export const IOF_NAMESPACE = "http://www.orienteering.org/datastandard/3.0";

/** How deep a result list's elements may nest: the standard's own go seven deep, extensions a few more. */
export const IOF_MAX_DEPTH = 32;

export interface IofRace {
  /** Ours, not written (see writeIofResultList). */
  id: string;
  name: string;
  lines: ResultLine[];
  /** The time the race ranks by; without it, the gun time, else the net time. */
  rankBy?: RankBy;
}

export interface IofResultListInput {
  /** The event: its id is ours, not written; its date is YYYY-MM-DD. */
  event: { id: string; name: string; date: string };
  races: IofRace[];
  createdAt: Date;
  /** The software that wrote the file. */
  creator: string;
}

// ——— Writing ———

interface XmlElement {
  name: string;
  attributes?: [string, string | undefined][];
  content: string | (XmlElement | null)[];
}

const element = (name: string, content: XmlElement["content"], attributes?: XmlElement["attributes"]): XmlElement =>
  attributes ? { name, attributes, content } : { name, content };

/** Characters XML 1.0 cannot hold at all (most control characters): dropped rather than written. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function escapeXml(text: string, inAttribute: boolean): string {
  const escaped = text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return inAttribute ? escaped.replace(/"/g, "&quot;") : escaped;
}

function serialise(node: XmlElement, indent: string): string {
  const attributes = (node.attributes ?? [])
    .flatMap(([name, value]) => (value === undefined ? [] : [` ${name}="${escapeXml(value, true)}"`]))
    .join("");
  const open = `${indent}<${node.name}${attributes}`;
  if (typeof node.content === "string") return `${open}>${escapeXml(node.content, false)}</${node.name}>`;
  const inner = node.content.flatMap((part) => (part === null ? [] : [serialise(part, `${indent}  `)])).join("\n");
  if (inner === "") return `${open}/>`;
  return `${open}>\n${inner}\n${indent}</${node.name}>`;
}

/** Seconds as the standard's `xsd:double`, to the millisecond: float remainders are not written. */
const seconds = (time: number): string => String(Math.round(time * 1000) / 1000);

/** The finest decimals the times have (none, tenths…), as the class's `timeResolution`; absent when whole seconds. */
function timeResolution(times: number[]): string | undefined {
  const decimals = Math.max(0, ...times.map((time) => seconds(time).split(".")[1]?.length ?? 0));
  return decimals === 0 ? undefined : String(10 ** -decimals);
}

const STATUS_WRITTEN: Record<ResultStatus, string> = {
  finished: "OK",
  dnf: "DidNotFinish",
  dns: "DidNotStart",
  dsq: "Disqualified",
};

/** The time a line is ranked by, for a finisher only. */
function timeOf(line: ResultLine, rankBy: RankBy | undefined): number | null {
  if (line.status !== "finished") return null;
  return rankBy ? line[rankBy] : (line.gunTime ?? line.netTime);
}

const SEX: Record<string, string> = { female: "F", male: "M" };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function personResult(line: ResultLine, time: number | null, winner: number | null): XmlElement {
  const position = time === null ? null : line.ranks.overall;
  const person = element(
    "Person",
    [
      element("Name", [element("Family", line.familyName), element("Given", line.givenName)]),
      line.birthDate && DATE.test(line.birthDate) ? element("BirthDate", line.birthDate) : null,
    ],
    [["sex", line.gender === null ? undefined : SEX[line.gender]]],
  );
  const result = element("Result", [
    element("BibNumber", String(line.bib)),
    time === null ? null : element("Time", seconds(time)),
    time === null || winner === null ? null : element("TimeBehind", seconds(time - winner)),
    position === null ? null : element("Position", String(position)),
    element("Status", STATUS_WRITTEN[line.status]),
    ...line.splits.map((split) =>
      element("SplitTime", [element("ControlCode", split.name), element("Time", seconds(split.time))]),
    ),
  ]);
  return element("PersonResult", [
    person,
    line.club ? element("Organisation", [element("Name", line.club)]) : null,
    result,
  ]);
}

/** A race's class: its runners by place, ties and those without a place in the order given. */
function classResult(race: IofRace): XmlElement {
  const timed = race.lines.map((line) => ({ line, time: timeOf(line, race.rankBy) }));
  const times = timed.flatMap(({ time }) => (time === null ? [] : [time]));
  const winner = times.length > 0 ? Math.min(...times) : null;
  const placeOf = ({ line, time }: (typeof timed)[number]) =>
    time === null ? Number.MAX_SAFE_INTEGER : (line.ranks.overall ?? Number.MAX_SAFE_INTEGER);
  const ordered = [...timed].sort((a, b) => placeOf(a) - placeOf(b));
  const splitTimes = race.lines.flatMap((line) => line.splits.map((split) => split.time));
  return element(
    "ClassResult",
    [
      element("Class", [element("Name", race.name)]),
      ...ordered.map(({ line, time }) => personResult(line, time, winner)),
    ],
    [["timeResolution", timeResolution([...times, ...splitTimes])]],
  );
}

/**
 * The event's results as an IOF XML 3.0 `ResultList`, one class per race, elements in the order
 * the schema's sequences require. A finisher has their time (seconds), the time behind the winner
 * and their overall place; a runner who did not finish, start or stand has their state and
 * whatever splits they have. Our own ids (the event's, the races') are left out, as the standard
 * asks of internal database identifiers; so are national federation ids, which results do not hold.
 */
export function writeIofResultList(input: IofResultListInput): string {
  const list = element(
    "ResultList",
    [
      element("Event", [element("Name", input.event.name), element("StartTime", [element("Date", input.event.date)])]),
      ...input.races.map(classResult),
    ],
    [
      ["xmlns", IOF_NAMESPACE],
      ["iofVersion", "3.0"],
      ["createTime", input.createdAt.toISOString()],
      ["creator", input.creator],
      ["status", "Complete"],
    ],
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialise(list, "")}\n`;
}

// ——— Reading ———

/** A runner's result as an IOF result list gives it. */
export interface IofResultRow {
  /** Which `PersonResult` of the file it is, counted from 1 across its classes. */
  line: number;
  bib: string | null;
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD */
  birthDate: string | null;
  club: string | null;
  /** The name of the class it stands in: the race, or a category, as the software that wrote it chose. */
  className: string | null;
  status: ResultStatus;
  /** Seconds, fractions kept. */
  time: number | null;
  splits: Split[];
}

/** The states a result list gives, as ours; those that are no outcome of the race (on course, moved, not competing) have none. */
const STATUS_READ: Record<string, ResultStatus> = {
  OK: "finished",
  Finished: "finished",
  DidNotFinish: "dnf",
  SportingWithdrawal: "dnf",
  OverTime: "dnf",
  MissingPunch: "dsq",
  Disqualified: "dsq",
  DidNotStart: "dns",
  DidNotEnter: "dns",
  Inactive: "dns",
  Cancelled: "dns",
};

/** Refuses the file: a refusal of what was given, its problem coded for the surfaces to translate. */
function refuseFile(code: string, detail: string): never {
  refuse("invalid-input", detail, { problems: [{ code, detail }] });
}

const children = (parent: Element, name: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).localName === name,
  );
const child = (parent: Element | undefined, ...path: string[]): Element | undefined =>
  path.reduce<Element | undefined>((at, name) => (at ? children(at, name)[0] : undefined), parent);
const text = (parent: Element | undefined, ...path: string[]): string | null => {
  const value = child(parent, ...path)?.textContent?.trim();
  return value ? value : null;
};

const DOUBLE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Seconds as written: the standard's `xsd:double`, or a time as some software writes it anyway
 * (`1:02:03.4`, a decimal comma), as a timing file's are read; null for anything else.
 */
function readSeconds(written: string | null): number | null {
  if (written === null) return null;
  const value = DOUBLE.test(written) ? Number(written) : parseRaceTime(written);
  return value !== null && Number.isFinite(value) && value >= 0 ? value : null;
}

function readRow(line: number, personResult: Element, className: string | null): IofResultRow | null {
  const result = child(personResult, "Result");
  if (!result) return null;
  const time = readSeconds(text(result, "Time"));
  const written = text(result, "Status");
  // The schema requires a state; a file without one has a finisher wherever it has a time.
  const status = written === null ? (time === null ? undefined : "finished") : STATUS_READ[written];
  if (status === undefined) return null;
  const person = child(personResult, "Person");
  const birthDate = text(person, "BirthDate")?.slice(0, 10) ?? null;
  const splits = children(result, "SplitTime").flatMap((split): Split[] => {
    const name = text(split, "ControlCode");
    const at = readSeconds(text(split, "Time"));
    return name === null || at === null ? [] : [{ name, time: at }];
  });
  return {
    line,
    bib: text(result, "BibNumber"),
    givenName: text(person, "Name", "Given") ?? "",
    familyName: text(person, "Name", "Family") ?? "",
    birthDate: birthDate && DATE.test(birthDate) ? birthDate : null,
    club: text(personResult, "Organisation", "Name") ?? text(personResult, "Organisation", "ShortName"),
    className,
    status,
    time,
    splits,
  };
}

/** The result list's root, or the refusal saying what the file is instead. */
function resultList(xml: string): Element {
  if (declaresDoctype(xml)) refuseFile("iof-doctype", "An IOF result list may not declare a DOCTYPE or entities.");
  if (nestsDeeperThan(xml, IOF_MAX_DEPTH))
    refuseFile("iof-too-deep", `An IOF result list's elements may nest at most ${IOF_MAX_DEPTH} deep.`);
  const parsed = parseWellFormed(xml);
  if ("problem" in parsed) {
    const { message, line } = parsed.problem;
    refuseFile(
      "iof-not-xml",
      `The file is not well-formed XML${line === null ? "" : ` (near line ${line})`}: ${message}.`,
    );
  }
  const root = parsed.document.documentElement;
  if (root?.localName !== "ResultList")
    refuseFile("iof-not-result-list", `The file is not an IOF result list: its root is <${root?.nodeName ?? ""}>.`);
  if (root.namespaceURI !== IOF_NAMESPACE)
    refuseFile("iof-version", "Only IOF XML 3.0 result lists are read: export the results again as IOF XML 3.0.");
  return root;
}

/**
 * The runners of an IOF XML 3.0 `ResultList`, each `PersonResult` of each `ClassResult` in the file's
 * order, as its software wrote it: optional parts may be missing, times may have decimals. Only a
 * runner's first `Result` is read (a multi-race file gives one per race); relay teams
 * (`TeamResult`) are not read, nor runners whose state is no outcome of the race (still on course,
 * moved to another class, not competing), nor one without a `Result`: their line numbers are
 * skipped. Refused (`invalid-input`, its problem coded) before any tree is built: a DOCTYPE or an
 * entity (`iof-doctype`), elements nested deeper than IOF_MAX_DEPTH (`iof-too-deep`); then XML that
 * is not well-formed (`iof-not-xml`), another root (`iof-not-result-list`) or another version of
 * the standard (`iof-version`).
 */
export function readIofResultList(xml: string): IofResultRow[] {
  const root = resultList(xml);
  const rows: IofResultRow[] = [];
  let line = 0;
  for (const classResult of children(root, "ClassResult")) {
    const className = text(classResult, "Class", "Name");
    for (const personResult of children(classResult, "PersonResult")) {
      const row = readRow(++line, personResult, className);
      if (row) rows.push(row);
    }
  }
  return rows;
}

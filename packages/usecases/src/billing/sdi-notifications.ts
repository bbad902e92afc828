/**
 * The notifications the SdI sends back about an invoice it was given: delivered, rejected, not
 * delivered, or the buyer's outcome. Each is a small XML file, read as every XML file from outside
 * is (untrusted-xml.ts).
 */
import { refuse } from "@sports/domain";
import type { Element } from "@xmldom/xmldom";
import { declaresDoctype, nestsDeeperThan, parseWellFormed } from "../untrusted-xml.ts";

/** The namespace of the SdI's messages, version 1.0. */
export const SDI_MESSAGES_NAMESPACE = "http://www.fatturapa.gov.it/sdi/messaggi/v1.0";

/** How deep a notification's elements may nest: the SdI's go three deep. */
export const SDI_NOTIFICATION_MAX_DEPTH = 16;

/**
 * The kinds read: RC delivered (`RicevutaConsegna`), NS rejected (`NotificaScarto`), MC not
 * delivered (`NotificaMancataConsegna`: the SdI leaves it in the buyer's tax drawer), NE the
 * buyer's outcome (`NotificaEsito`).
 */
export const SDI_NOTIFICATION_KINDS = {
  RicevutaConsegna: "RC",
  NotificaScarto: "NS",
  NotificaMancataConsegna: "MC",
  NotificaEsito: "NE",
} as const;
export type SdiNotificationKind = (typeof SDI_NOTIFICATION_KINDS)[keyof typeof SDI_NOTIFICATION_KINDS];

export interface SdiNotification {
  kind: SdiNotificationKind;
  /** The name of the invoice's file the notification is about, as the SdI received it. */
  fileName: string;
  /** The SdI's number for that file. */
  sdiId: string;
  /** When the SdI received the file, as it writes it (an ISO 8601 date and time); NE has none. */
  receivedAt?: string;
  /** NS: why the file was rejected, each error's code and the SdI's words. */
  errors: { code: string; description: string }[];
  /** NE: the buyer's outcome, EC01 accepted or EC02 refused. */
  outcome?: string;
}

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
const text = (parent: Element | undefined, ...path: string[]): string | undefined =>
  child(parent, ...path)?.textContent?.trim() || undefined;

function decode(bytes: Uint8Array | string): string {
  if (typeof bytes === "string") return bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    refuseFile("sdi-not-xml", "The file is not UTF-8 text: an SdI notification is plain XML.");
  }
}

/** The notification's root and its kind, or the refusal saying what the file is instead. */
function notificationRoot(xml: string): { root: Element; kind: SdiNotificationKind } {
  if (declaresDoctype(xml)) refuseFile("sdi-doctype", "An SdI notification may not declare a DOCTYPE or entities.");
  if (nestsDeeperThan(xml, SDI_NOTIFICATION_MAX_DEPTH))
    refuseFile("sdi-too-deep", `An SdI notification's elements may nest at most ${SDI_NOTIFICATION_MAX_DEPTH} deep.`);
  const parsed = parseWellFormed(xml);
  if ("problem" in parsed) {
    const { message, line } = parsed.problem;
    refuseFile(
      "sdi-not-xml",
      `The file is not well-formed XML${line === null ? "" : ` (near line ${line})`}: ${message}.`,
    );
  }
  const root = parsed.document.documentElement;
  const name = root?.namespaceURI === SDI_MESSAGES_NAMESPACE ? root.localName : null;
  if (!root || name === null || !Object.hasOwn(SDI_NOTIFICATION_KINDS, name))
    refuseFile(
      "sdi-not-notification",
      `The file is not an SdI notification this product reads: its root is <${root?.nodeName ?? ""}>.`,
    );
  return { root, kind: SDI_NOTIFICATION_KINDS[name as keyof typeof SDI_NOTIFICATION_KINDS] };
}

/**
 * An SdI notification about an invoice: its kind, the invoice's file name and SdI number, and what
 * the kind tells besides (when the SdI received the file; a rejection's errors; the buyer's
 * outcome). Refused (`invalid-input`, its problem coded): bytes that are not UTF-8 (`sdi-not-xml`);
 * before any tree is built, a DOCTYPE or an entity (`sdi-doctype`) and elements nested deeper than
 * SDI_NOTIFICATION_MAX_DEPTH (`sdi-too-deep`); then XML that is not well-formed (`sdi-not-xml`), a
 * root that is none of the four kinds in the SdI's namespace (`sdi-not-notification`), or one without
 * the file's name or number (`sdi-incomplete`). A signed notification (`.p7m`) is read once its
 * envelope is removed.
 */
export function readSdiNotification(bytes: Uint8Array | string): SdiNotification {
  const { root, kind } = notificationRoot(decode(bytes));
  const fileName = text(root, "NomeFile");
  const sdiId = text(root, "IdentificativoSdI");
  if (!fileName || !sdiId)
    refuseFile("sdi-incomplete", "The notification does not name the file it is about and its SdI number.");
  const list = child(root, "ListaErrori");
  const errors = (list ? children(list, "Errore") : []).map((error) => ({
    code: text(error, "Codice") ?? "",
    description: text(error, "Descrizione") ?? "",
  }));
  const receivedAt = text(root, "DataOraRicezione");
  const outcome = text(root, "EsitoCommittente", "Esito");
  return {
    kind,
    fileName,
    sdiId,
    errors,
    ...(receivedAt ? { receivedAt } : {}),
    ...(outcome ? { outcome } : {}),
  };
}

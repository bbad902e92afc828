import type { SubmissionResult } from "@conform-to/react";
import { ApiError, type BillingDocumentAttributes } from "@sports/jsonapi";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BILLING_MESSAGES, organisationDefaults, organisationForm } from "../forms/console-billing.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { setBrowserLocale } from "../i18n/locale.ts";
import { countryOptions } from "../lib/countries.ts";
import {
  type BillingDocumentRow,
  DocumentList,
  documentFiltersOf,
  documentQuery,
  exportPeriod,
  OverdueNotice,
  stillRejected,
} from "./billing-documents.tsx";
import { consoleReply } from "./console-reply.server.ts";
import { OrganisationForm } from "./organisation-form.tsx";
import { NotificationUpload } from "./sdi-notification.tsx";

/** What `page` renders at an Italian console address, as an organiser sees it. */
function render(page: () => ReactNode): string {
  const Stub = createRoutesStub([
    {
      id: "layouts/console-layout-console",
      path: "/it-IT/gestione",
      loader: () => ({ role: "organiser" }),
      HydrateFallback: () => null,
      children: [{ path: "/it-IT/gestione/documenti", Component: page }],
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/it-IT/gestione/documenti"]}
      hydrationData={{ loaderData: { "layouts/console-layout-console": { role: "organiser" } } }}
    />,
  );
}

beforeEach(() => setBrowserLocale("it-IT"));
afterEach(() => setBrowserLocale("en-US"));

/** The text of the field error an input names in its `aria-describedby`, if any. */
function errorOfInput(markup: string, name: string): string | undefined {
  const input = new RegExp(`<(?:input|select)[^>]*name="${name.replace(/\./g, "\\.")}"[^>]*>`).exec(markup)?.[0];
  if (!input?.includes('aria-invalid="true"')) return undefined;
  const ids = /aria-describedby="([^"]+)"/.exec(input)?.[1]?.split(" ") ?? [];
  for (const id of ids) {
    const error = new RegExp(`<p class="field-error" id="${id}">([^<]*)</p>`).exec(markup)?.[1];
    if (error) return error;
  }
  return undefined;
}

describe("the organisation's form", () => {
  const refused = (): SubmissionResult => {
    const data = new FormData();
    const values = organisationDefaults(null);
    data.set("legalName", "Corri Srl");
    data.set("vatNumber", "12345678901");
    for (const [name, value] of Object.entries(values.address)) data.set(`address.${name}`, value);
    data.set("address.street", "Via Roma 1");
    data.set("address.postalCode", "2412");
    data.set("address.locality", "Bergamo");
    data.set("taxRegime", "RF01");
    data.set("invoiceSeries", "F");
    data.set("receiptSeries", "R");
    data.set("personDocument", "receipt");
    for (const item of ["entryFee", "lodging", "transferFee"]) {
      data.set(`treatments.${item}.vatRate`, "22");
      data.set(`treatments.${item}.natura`, "");
    }
    data.set("stampDuty.payer", "buyer");
    data.set("handOverEveryDays", "7");
    const refusal = new ApiError(422, [
      {
        status: "422",
        code: "vat-number-check-digit",
        title: "",
        source: { pointer: "/data/attributes/vatNumber" },
      },
      {
        status: "422",
        code: "postal-code-shape",
        title: "",
        source: { pointer: "/data/attributes/address/postalCode" },
      },
    ]);
    return consoleReply(parseForm(data, organisationForm), refusal, "/it-IT", { messages: BILLING_MESSAGES });
  };

  it("says each of the API's refusals at its field, and sums them up above the form", () => {
    const lastResult = refused();
    const markup = render(() => (
      <OrganisationForm organisation={null} countries={countryOptions("it-IT")} lastResult={lastResult} />
    ));
    expect(errorOfInput(markup, "vatNumber")).toBe(
      "La cifra di controllo della partita IVA non è corretta: controlla di averla scritta bene.",
    );
    expect(errorOfInput(markup, "address.postalCode")).toBe(
      "Questo non è un codice postale: in Italia il CAP ha 5 cifre.",
    );
    expect(errorOfInput(markup, "legalName")).toBeUndefined();
    expect(markup).toContain("Correggi 2 campi");
    // What was typed is shown again, to correct.
    expect(markup).toMatch(/name="vatNumber"[^>]*value="12345678901"/);
  });

  it("offers the tax regimes and the Natura codes with their names in the page's language", () => {
    const markup = render(() => (
      <OrganisationForm organisation={null} countries={countryOptions("it-IT")} lastResult={undefined} />
    ));
    expect(markup).toContain('<option value="RF19">RF19 · Forfettario</option>');
    expect(markup).toContain('<option value="N4">N4 · Esenti</option>');
    expect(markup).toMatch(/name="treatments\.lodging\.vatRate"[^>]*value="10"/);
    expect(errorOfInput(markup, "vatNumber")).toBeUndefined();
  });
});

const invoice = (id: string, attributes: Partial<BillingDocumentAttributes> = {}): BillingDocumentRow => ({
  id,
  attributes: {
    kind: "invoice",
    number: `CB-F-2026-${id}`,
    series: "F",
    issuedOn: "2026-11-20",
    currency: "EUR",
    buyer: {
      kind: "business",
      name: "Corri Srl",
      taxCode: null,
      vatNumber: "IT00743110157",
      address: null,
      recipientCode: "ABC1234",
      pec: null,
    },
    lines: [],
    summary: [],
    taxable: 3689,
    vat: 811,
    stampDuty: 0,
    total: 4500,
    transmission: { state: "pending", fileName: `IT12345678903_000${id}.xml`, reason: null, handedOutAt: null },
    reference: "AB12CD",
    ...attributes,
  },
  links: { pdf: `/api/billing-documents/${id}.pdf`, xml: `/api/billing-documents/${id}.xml` },
});

describe("the list of documents", () => {
  const rows = [
    invoice("1"),
    invoice("2", {
      kind: "receipt",
      number: "CB-R-2026-1",
      transmission: null,
      buyer: { ...invoice("2").attributes.buyer, kind: "person", name: "Ada Rossi" },
    }),
    invoice("3", {
      transmission: {
        state: "rejected",
        fileName: "IT12345678903_0003.xml",
        reason: "00305: IdCodice",
        handedOutAt: "2026-11-21T09:00:00Z",
      },
    }),
  ];

  it("shows each document's number, kind, date, buyer, total, state and files", () => {
    const markup = render(() => <DocumentList rows={rows} total={3} page={1} search="" replaceable={["3"]} />);
    expect(markup).toContain(
      '<th scope="row">CB-F-2026-1</th><td>Fattura</td><td>20 novembre 2026</td><td>Corri Srl</td>',
    );
    expect(markup).toMatch(/<td class="console-num">45\s€<\/td>/);
    expect(markup).toContain('<span class="console-badge console-badge-sdi-pending">Da consegnare</span>');
    expect(markup).toContain('<span class="console-badge console-badge-sdi-rejected">Scartata</span>');
    expect(markup).toContain(
      'href="/api/billing-documents/1.xml" download="" aria-label="XML del documento CB-F-2026-1"',
    );
    // A receipt never goes to the SdI: no state, no XML.
    expect(markup).toContain('href="/api/billing-documents/2.pdf"');
    expect(markup).not.toContain("/api/billing-documents/2.xml");
    expect(markup).toContain('<a href="#replace-3">Correggi e riemetti CB-F-2026-3</a>');
    expect(markup).toContain("3 documenti");
    expect(markup).not.toContain("console-pages");
  });

  it("offers a rejected document's correction until it is issued again, and says which is the issue again", () => {
    const again = { ...invoice("4"), relationships: { replaces: { data: { id: "3" } } } };
    expect(stillRejected([rows[2] as BillingDocumentRow], [invoice("1"), again])).toEqual([]);
    expect(stillRejected([rows[2] as BillingDocumentRow], [invoice("1")])).toEqual([rows[2]]);
    const markup = render(() => <DocumentList rows={[again, ...rows]} total={4} page={1} search="" replaceable={[]} />);
    expect(markup).not.toContain('href="#replace-3"');
    expect(markup).toContain('Da consegnare</span><p class="console-hint">Riemessa dopo lo scarto</p>');
  });

  it("warns of the invoices not handed over ten days after their date, and says nothing without any", () => {
    expect(render(() => <OverdueNotice count={2} />)).toBe(
      '<p class="notice notice-warning" role="note">2 fatture non consegnate 10 giorni dopo la loro data: il termine di legge è di 12 giorni.</p>',
    );
    expect(render(() => <OverdueNotice count={0} />)).toBe("");
  });

  it("leads to the other pages, the filters kept, and says when nothing matches", () => {
    const paged = render(() => (
      <DocumentList rows={rows} total={120} page={2} search="?tipo=invoice&pagina=2" replaceable={[]} />
    ));
    expect(paged).toContain('<a href="?tipo=invoice&amp;pagina=1" rel="prev">');
    expect(paged).toContain('<a href="?tipo=invoice&amp;pagina=3" rel="next">');
    expect(render(() => <DocumentList rows={[]} total={0} page={1} search="" replaceable={[]} />)).toContain(
      "Nessun documento corrisponde.",
    );
  });

  it.each([
    ["?periodo=2026-11&tipo=invoice&stato=rejected", { period: "2026-11", kind: "invoice", state: "rejected" }],
    ["?dal=2026-11-01&al=2026-11-30&pagina=3", { from: "2026-11-01", to: "2026-11-30", page: 3 }],
    ["?periodo=2026-13&dal=1.11.2026&tipo=bill&stato=lost&pagina=-1", {}],
  ])("reads its filters from %s, leaving out what is malformed", (query, expected) => {
    const filters = documentFiltersOf(new URL(`http://localhost/gestione/documenti${query}`));
    expect(filters).toEqual({ period: "", from: "", to: "", kind: "", state: "", page: 1, ...expected });
  });

  it("asks the API for the filters given only, a page of 50", () => {
    const query = documentQuery(documentFiltersOf(new URL("http://localhost/?periodo=2026-11&stato=pending")));
    expect(Object.entries(query).filter(([, value]) => value !== undefined)).toEqual([
      ["filter[period]", "2026-11"],
      ["filter[state]", "pending"],
      ["page[number]", 1],
      ["page[size]", 50],
    ]);
  });

  it.each([
    ["2026-11-29", "2026-11-20", { from: "2026-11-20", to: "2026-11-29" }],
    ["2026-11-29", null, { from: "2026-11-23", to: "2026-11-29" }],
    ["2026-03-02", null, { from: "2026-02-24", to: "2026-03-02" }],
  ])("exports from the last hand-over, or the last seven days (today %s, last %s)", (today, last, expected) => {
    expect(exportPeriod(today, last)).toEqual(expected);
  });
});

describe("an SdI notification", () => {
  const outcome = {
    kind: "RC" as const,
    fileName: "IT12345678903_0001A.xml",
    state: "delivered" as const,
    documentId: "1",
    number: "CB-F-2026-1",
    changes: true,
  };

  it("shows what it would change, and keeps the file to apply it", () => {
    const markup = render(() => (
      <NotificationUpload answer={{ preview: outcome, file: "PHhtbC8+", fileName: "rc.xml" }} />
    ));
    expect(markup).toContain(
      "<dt>Notifica</dt><dd>Ricevuta di consegna (RC)</dd><dt>File della fattura</dt><dd>IT12345678903_0001A.xml</dd>" +
        "<dt>Documento</dt><dd>CB-F-2026-1</dd><dt>Nuovo stato</dt><dd>Recapitata</dd>",
    );
    expect(markup).toContain('<input type="hidden" name="file" value="PHhtbC8+"/>');
    expect(markup).toContain("Applica la notifica");
  });

  it("says why a file was refused at its field", () => {
    const markup = render(() => <NotificationUpload answer={{ error: "Questo file non è XML." }} />);
    expect(markup).toContain(
      '<p id="notification-file-error" class="field-error" role="alert">Questo file non è XML.</p>',
    );
    expect(markup).not.toContain("Applica la notifica");
  });
});

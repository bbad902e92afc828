import { ApiError, type BillingAttributes } from "@sports/jsonapi";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { billingFields, billingForm } from "../forms/billing.ts";
import { replyWithApiError } from "../forms/reply.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { setBrowserLocale } from "../i18n/locale.ts";
import { type BillingAnswer, BillingDetails } from "./billing-details.tsx";
import { type BillingDocumentItem, SignupBillingDocuments } from "./billing-documents.tsx";

afterEach(() => setBrowserLocale("en-US"));

/** The markup of `page` on a page of its own, with the root's data it reads. */
function render(page: () => ReactNode, path = "/it-IT/recap") {
  const Stub = createRoutesStub([{ id: "root", path: "/*", loader: () => ({}), Component: page }]);
  return renderToStaticMarkup(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: { apiBaseUrl: "/" } } }} />,
  );
}

const club: BillingAttributes = {
  kind: "business",
  name: "Podistica Aurora ASD",
  taxCode: null,
  vatNumber: "IT12345678903",
  address: { street: "Via Roma 1", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" },
  recipientCode: "M5UXCR1",
  pec: null,
  document: "invoice",
};
const countries = [
  { code: "FR", name: "Francia" },
  { code: "IT", name: "Italia" },
];

const billing = (props: {
  billing?: BillingAttributes | null;
  lastBilling?: BillingAttributes | null;
  answer?: BillingAnswer;
}) =>
  render(() => (
    <BillingDetails
      billing={props.billing ?? null}
      document="receipt"
      lastBilling={props.lastBilling ?? null}
      accountName="Anna Rossi"
      countries={countries}
      answer={props.answer}
    />
  ));

/** The `<details>` tag's opening, and the summary's text. */
const fold = (markup: string) => ({
  open: /<details class="billing-fold"( open="")?>/.exec(markup)?.[1] !== undefined,
  summary: /<summary>(.*?)<\/summary>/.exec(markup)?.[1]?.replace(/<[^>]+>/g, ""),
});

describe("the recap's billing details", () => {
  it("are one line until opened: a receipt in the holder's name, or the details saved", () => {
    setBrowserLocale("it-IT");
    expect(fold(billing({}))).toEqual({ open: false, summary: "Ricevuta a nome di Anna Rossi · Modifica" });
    expect(fold(billing({ billing: club }))).toEqual({
      open: false,
      summary: "Fattura a nome di Podistica Aurora ASD · Modifica",
    });
  });

  it("open on the details of the account's last recap, to save them for this signup", () => {
    const markup = billing({ lastBilling: club });
    expect(fold(markup).open).toBe(true);
    expect(markup).toContain(
      '<input type="radio" id="billing-kind-business" name="kind" checked="" value="business"/>',
    );
    expect(markup).toContain('name="businessName" value="Podistica Aurora ASD"');
    expect(markup).toMatch(/<option value="IT" selected="">Italia<\/option>/);
  });

  it("open on a refusal, with the message at its field and the fields to fix summed up above", () => {
    setBrowserLocale("it-IT");
    const data = new FormData();
    for (const [name, value] of Object.entries({ kind: "business", businessName: "Aurora", vatNumber: "12345678904" }))
      data.append(name, value);
    const refusal = new ApiError(422, [
      {
        status: "422",
        code: "vat-number-check-digit",
        title: "",
        source: { pointer: "/data/attributes/billing/vatNumber" },
      },
    ]);
    const result = replyWithApiError(parseForm(data, billingForm), refusal, { fields: billingFields("business") });
    const markup = billing({ answer: { billing: result } });
    expect(fold(markup).open).toBe(true);
    expect(markup).toContain('aria-invalid="true" aria-describedby="billing-vatNumber-hint billing-vatNumber-error"');
    expect(markup).toContain(
      '<p class="field-error" id="billing-vatNumber-error">La cifra di controllo della partita IVA non è corretta: controlla di averla scritta bene.</p>',
    );
    expect(markup).toContain('<a href="#billing-vatNumber">Partita IVA</a>');
  });

  it("say so once saved", () => {
    const data = new FormData();
    data.append("kind", "person");
    data.append("personName", "Anna Rossi");
    const markup = billing({
      billing: club,
      answer: { billing: parseForm(data, billingForm).reply(), billingSaved: true },
    });
    expect(markup).toContain('<p class="notice notice-ok" role="status">Billing details saved.</p>');
    expect(fold(markup).open).toBe(false);
  });
});

describe("a signup's billing documents", () => {
  const documents: BillingDocumentItem[] = [
    {
      id: "d1",
      kind: "invoice",
      number: "2027/A0001",
      issuedOn: "2027-06-11",
      total: 9000,
      currency: "EUR",
      pdf: "/api/billing-documents/d1.pdf",
    },
    {
      id: "d2",
      kind: "credit-note",
      number: "2027/A0002",
      issuedOn: "2027-06-12",
      total: 4500,
      currency: "EUR",
      pdf: "/api/billing-documents/d2.pdf",
    },
  ];

  it("are each a link to its PDF, with its date and total in the page's language", () => {
    setBrowserLocale("it-IT");
    const text = render(() => <SignupBillingDocuments documents={documents} />)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    expect(text).toBe(
      "Ricevute e fatture Fattura n. 2027/A0001 (PDF) · 11 giugno 2027 · 90 € Nota di credito n. 2027/A0002 (PDF) · 12 giugno 2027 · 45 €",
    );
    expect(render(() => <SignupBillingDocuments documents={documents} />)).toContain(
      '<a href="/api/billing-documents/d1.pdf" download="">',
    );
  });

  it("are nothing while there are none", () => {
    expect(render(() => <SignupBillingDocuments documents={[]} />)).toBe("");
  });
});

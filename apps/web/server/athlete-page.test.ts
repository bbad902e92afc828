import { type DatabaseHandle, setAthleteLink } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { hashToken, newToken } from "@sports/usecases";
import { clubSignup } from "@sports/usecases/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteApp, siteAppOn } from "./testing/site-app.ts";

/**
 * A club's athlete's own page (`/atleta?token=`, docs/decisions/068-club-entries.md) as a browser
 * without JavaScript uses it, in Italian: who and which race, each refusal at its field, the
 * certificate uploaded with the form, the thanks, and the spent link's page.
 */

let database: DatabaseHandle;
let app: SiteApp;
beforeAll(async () => {
  database = await openTestDatabase();
  app = await siteAppOn(database);
});
afterAll(() => database.close());

const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"));

/** The form as the browser sends it, multipart, from the site's own page. */
const post = (path: string, fields: Record<string, string | File>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return app.request(path, {
    method: "POST",
    headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" },
    body,
  });
};
const text = async (answer: Response | Promise<Response>) => (await answer).text();

describe("the athlete's page", () => {
  it("shows their race, refuses at the field, takes the part with the certificate, then says the link is spent", async () => {
    const now = new Date();
    const { participants } = await clubSignup(database.db, now, { state: "confirmed" });
    const token = newToken();
    const expiresAt = new Date(now.getTime() + 10 * 86_400_000);
    await setAthleteLink(database.db, participants[0]?.id ?? "", { hash: hashToken(token), expiresAt, mailedAt: now });
    const path = `/it-IT/atleta?token=${token}`;

    const page = await text(app.request(path));
    expect(page).toContain("Luca Bianchi");
    expect(page).toContain("Atletica Valle ti ha iscritto a questa gara.");
    expect(page).toContain('name="emergencyContactPhone"');
    expect(page).toContain('name="certificateId"');

    const part = {
      token,
      emergencyContactName: "Marta Bianchi",
      emergencyContactPhone: "chiamami",
      certificateExpiresOn: "2099-12-31",
      termsAccepted: "on",
      privacyAccepted: "on",
      certificateId: new File([PDF], "certificato.pdf", { type: "application/pdf" }),
    };
    const refused = await text(post(path, part));
    expect(refused).toContain("Inserisci un numero di telefono");
    // The certificate went up with it, and is kept by the form sent back.
    expect(refused).toContain("Certificato caricato: certificato.pdf");
    const kept = /name="keptCertificateId" value="([^"]+)"/.exec(refused)?.[1] ?? "";

    const { certificateId: _file, ...rest } = part;
    const done = await text(post(path, { ...rest, emergencyContactPhone: "+39 333 1234567", keptCertificateId: kept }));
    expect(done).toContain("Grazie, Luca!");
    expect(await text(app.request(path))).toContain("Link non più valido");
  });
});

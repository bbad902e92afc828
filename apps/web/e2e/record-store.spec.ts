import { expect, type Page, type Request, test } from "@playwright/test";
import { blankTiles, CERTIFICATE, isoDay, registerQuietly } from "./fixtures.ts";

/**
 * The record store (docs/decisions/016-record-store.md): a participant saved on the participants
 * step is what the recap shows next, read from the browser's store, without the page asking the
 * server for the signup again. The Bergamo Walls Half Marathon's 10 km offers no lodging, so the
 * recap follows the participants; it asks for a federation card and a competitive certificate.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const APPOINTMENT = "/evento/mezza-maratona-delle-mura/appuntamento/10k";

interface Seen {
  method: string;
  url: URL;
  kind: string;
}

/** What the page asks of the server while `act` runs: API calls, route data and documents. */
async function requestsDuring(page: Page, act: () => Promise<void>): Promise<Seen[]> {
  const seen: Seen[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    const kind = request.resourceType();
    if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data") || kind === "document")
      seen.push({ method: request.method(), url, kind });
  };
  page.on("request", record);
  try {
    await act();
  } finally {
    page.off("request", record);
  }
  return seen;
}

/** The route data a request asked for: `_routes` of a `.data` request, every route when it names none. */
const routesOf = (request: Seen) => request.url.searchParams.get("_routes")?.split(",") ?? ["(all)"];

test("a participant saved on one step is read from the store on the next, and the server agrees", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // The 10 km's page shows its course's map.
  await blankTiles(page);
  await registerQuietly(page.request, "Rosalind");
  await page.goto(APPOINTMENT);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  const participantsUrl = new URL(page.url());
  const recapPath = `${participantsUrl.pathname}/recap`;

  await page.getByLabel("First name", { exact: true }).fill("Ottavia");
  await page.getByLabel("Date of birth").fill("1990-05-17");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Federation card number").fill("FIDAL-EF9012");
  await page.getByLabel("Emergency contact", { exact: true }).fill("Howard Aiken");
  await page.getByLabel("Emergency contact's phone").fill("+1 617 555 0100");
  await page.getByLabel("Certificate valid until").fill(isoDay(365));
  await page.getByLabel("Medical certificate").setInputFiles(CERTIFICATE);
  await page.getByRole("checkbox", { name: /accepts the event rules/ }).check();
  await page.getByRole("checkbox", { name: /has read the privacy notice/ }).check();

  // Saving: the action's answer carries the saved signup, and the recap reads it from the store.
  const saving = await requestsDuring(page, async () => {
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(recapPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check and confirm");
    await expect(page.getByText("Ottavia Hopper")).toBeVisible();
  });
  expect(saving.filter((request) => request.method === "POST").map((request) => request.url.pathname)).toEqual([
    `${participantsUrl.pathname}.data`,
  ]);
  const reads = saving.filter((request) => request.method === "GET");
  expect(reads.filter((request) => request.kind === "document" || request.url.pathname.startsWith("/api/"))).toEqual(
    [],
  );
  // Only the root's data is read again (the header's visitor), never the recap's.
  expect(reads.flatMap(routesOf)).toEqual(["root"]);
  await expect(page.getByRole("timer")).toHaveText(/Places held for you: \d+:\d\d/);
  await expect(page.getByRole("table", { name: "Price" }).locator("tfoot")).toContainText("€");

  // A second change, from the recap: the participants step asks the server, the recap the store again.
  const editing = await requestsDuring(page, async () => {
    await page.getByRole("link", { name: "Edit: Participants" }).click();
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Ottavia");
  });
  expect(editing.flatMap(routesOf)).toContain("signup");
  await page.getByLabel("First name", { exact: true }).fill("Ottavina");
  const savingAgain = await requestsDuring(page, async () => {
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Ottavina Hopper")).toBeVisible();
  });
  expect(savingAgain.filter((request) => request.method === "GET").flatMap(routesOf)).toEqual(["root"]);
  expect(savingAgain.filter((request) => request.url.pathname.startsWith("/api/"))).toEqual([]);

  // What the store showed is what the server says.
  await page.reload();
  await expect(page.getByText("Ottavina Hopper")).toBeVisible();
  await expect(page.getByText(/certificate uploaded/)).toBeVisible();

  // Without JavaScript the same step still posts and goes on to the recap, which the server renders.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const noScript = await plain.newPage();
  await noScript.goto(participantsUrl.pathname);
  await noScript.getByLabel("First name", { exact: true }).fill("Ornella");
  await noScript.getByRole("button", { name: "Continue" }).click();
  await expect(noScript).toHaveURL(recapPath);
  await expect(noScript.getByText("Ornella Hopper")).toBeVisible();
  await plain.close();

  // A change made elsewhere (that other tab) shows on an ordinary navigation: those ask the server.
  await page.getByRole("link", { name: "Edit: Participants" }).click();
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Ornella");
  expect(errors).toEqual([]);
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  expect,
  type Page,
  test,
} from "@playwright/test";
import QRCode from "qrcode";
import { JSON_API, mailText, PASSWORD, registerQuietly } from "./fixtures.ts";
import { organiserOf } from "./organisers.ts";

/** What the console's journeys share: people confirmed by mail, a payment, a camera that sees a QR code. */

/**
 * The organiser's address of the running test's spec file (organisers.ts): an address of the
 * servers' `ORGANISER_EMAILS` (playwright.config.ts), and no other file's.
 */
export const organiserEmail = () => organiserOf(test.info().file);

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * Registers `email` in a new browser and confirms it through the mailed link from that session:
 * logged in, an organiser at `organiserEmail()` (docs/decisions/041-team-roles-by-mailbox.md).
 */
export async function confirmedPerson(browser: Browser, name: string, email: string, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await registerQuietly(page.request, name, email);
  const link = /https?:\/\/\S+verifica=[\w-]+/.exec(await mailText(page, email, /Confirm your e-mail address/))?.[0];
  await page.goto(link ?? "/");
  await page.getByRole("button", { name: "Confirm the address" }).click();
  await expect(page.getByText("Thank you: your e-mail address is confirmed.")).toBeVisible();
  return { context, page };
}

/** Logs `request`'s browser in as `email` (with the suite's `PASSWORD`) through the API, as the login form would. */
export function logIn(request: APIRequestContext, email: string) {
  return request.post("/api/sessions", {
    data: { data: { type: "sessions", attributes: { email, password: PASSWORD, setCookie: true } } },
    headers: JSON_API,
  });
}

/** A new browser logged in as `email`, whose account an earlier step of the journey made. */
export async function loggedIn(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  expect((await logIn(context.request, email)).status()).toBe(201);
  return { context, page: await context.newPage() };
}

/**
 * The organiser logged in, in a new browser: registered and confirmed the first time on this
 * server by its spec file (the role comes with the confirmation), logged in every time after.
 */
export async function organiserIn(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if ((await logIn(page.request, organiserEmail())).status() === 201) return { context, page };
  await context.close();
  return confirmedPerson(browser, "Olga", organiserEmail(), options);
}

/**
 * One organiser's page for all the tests of a serial spec file: registered and confirmed by the
 * first test that asks, closed after the file's last test. Call it at the file's top level.
 */
export function organiserForTheFile(options: BrowserContextOptions): (browser: Browser) => Promise<Page> {
  let organiser: { context: BrowserContext; page: Page } | undefined;
  test.afterAll(async () => organiser?.context.close());
  return async (browser) => {
    organiser ??= await confirmedPerson(browser, "Olga", organiserEmail(), options);
    return organiser.page;
  };
}

/** Follows the newest invitation to the team mailed to `email` and accepts it from `page`'s session (in English). */
export async function acceptInvitation(page: Page, email: string) {
  const link = /https?:\/\/\S+\/invito\?token=[\w-]+/.exec(await mailText(page, email, /invited/))?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? "/");
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page.getByRole("status")).toContainText("Welcome to the team");
}

/** Pays a held signup with the demonstration card, through the API as the runner's page would. */
export async function payThroughApi(request: APIRequestContext, signupId: string) {
  const submitted = await request.patch(`/api/signups/${signupId}`, {
    headers: JSON_API,
    data: {
      data: {
        type: "signups",
        id: signupId,
        attributes: { state: "awaiting-payment", paymentMethod: "demo", termsAccepted: true },
      },
    },
  });
  expect(submitted.status()).toBe(200);
  const payment = await request.post("/api/payments", {
    headers: JSON_API,
    data: { data: { type: "payments", relationships: { signup: { data: { type: "signups", id: signupId } } } } },
  });
  expect(payment.status()).toBe(201);
  const paymentId = ((await payment.json()) as { data: { id: string } }).data.id;
  const decided = await request.post(`/api/demo-payments/${paymentId}`, {
    headers: JSON_API,
    data: { data: { type: "demo-payments", attributes: { decision: "pay" } } },
  });
  expect(decided.status()).toBe(200);
}

/**
 * A video a fake camera plays (Y4M, 4:2:0): the QR code of `text`, black on white, still. Chromium
 * loops it for as long as the page reads the camera.
 */
export function qrVideo(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const width = 640;
  const height = 480;
  const scale = Math.floor(360 / (modules.size + 8));
  const side = scale * (modules.size + 8);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const column = Math.floor(x / scale) - 4;
      const dark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column);
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = join(mkdtempSync(join(tmpdir(), "race-day-camera-")), "ticket.y4m");
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

/** A browser whose camera shows the QR code of `ticketCode`, for the check-in desk. */
export function deskBrowser(ticketCode: string) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${qrVideo(ticketCode)}`,
    ],
  });
}

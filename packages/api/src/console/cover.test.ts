import { crc32 } from "node:zlib";
import { schema } from "@sports/db";
import { insertEvent } from "@sports/db/testing";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

let api: TestApi;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

const image = (width: number, height: number, format: "png" | "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    [format]()
    .toBuffer();

async function put(eventId: string, body: Uint8Array, contentType: string, headers = organiser.headers) {
  const response = await api.request(`/api/events/${eventId}/cover`, {
    method: "PUT",
    headers: { "content-type": contentType, accept: "application/vnd.api+json", ...headers },
    body: body as BodyInit,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const stored = (eventId: string) =>
  api.database.db
    .select({
      uploadId: schema.coverImages.uploadId,
      width: schema.coverImages.width,
      height: schema.coverImages.height,
      mediaType: schema.coverImages.mediaType,
    })
    .from(schema.coverImages)
    .where(eq(schema.coverImages.eventId, eventId));
const coverOf = async (eventId: string) =>
  (
    await api.database.db
      .select({ cover: schema.events.coverImage })
      .from(schema.events)
      .where(eq(schema.events.id, eventId))
  )[0]?.cover;

describe("PUT /api/events/{id}/cover", () => {
  it("resizes a PNG into every width not wider than it, as WebP and JPEG, and points the event at it", async () => {
    const event = await insertEvent(api.database.db, NOW);
    const answer = await put(event.id, await image(2000, 1000, "png"), "application/octet-stream");
    expect(answer.status).toBe(200);
    const rows = await stored(event.id);
    expect(rows.map((row) => [row.width, row.height, row.mediaType]).sort()).toEqual(
      [
        [480, 240, "image/jpeg"],
        [480, 240, "image/webp"],
        [960, 480, "image/jpeg"],
        [960, 480, "image/webp"],
        [1600, 800, "image/jpeg"],
        [1600, 800, "image/webp"],
      ].sort(),
    );
    const uploadId = rows[0]?.uploadId;
    expect(await coverOf(event.id)).toBe(`/media/covers/${uploadId}-1600x800.jpg`);
    // The public event document carries the sizes for a srcset.
    const published = await team.send("GET", `/api/events/${event.id}`);
    expect(published.body.data.attributes.cover).toMatchObject({
      url: `/media/covers/${uploadId}-1600x800.jpg`,
      width: 1600,
      height: 800,
      srcset: { webp: expect.stringContaining(`/media/covers/${uploadId}-480.webp 480w`) },
    });

    // A second upload, a small JPEG, replaces the first altogether.
    const again = await put(event.id, await image(300, 200, "jpeg"), "image/jpeg");
    expect(again.status).toBe(200);
    const replaced = await stored(event.id);
    expect(replaced.map((row) => [row.width, row.height]).sort()).toEqual([
      [300, 200],
      [300, 200],
    ]);
    expect(replaced[0]?.uploadId).not.toBe(uploadId);
    const entries = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.action, "cover-uploaded"));
    expect(entries.filter((entry) => entry.subjectId === event.id)).toHaveLength(2);
  });

  it("refuses a text file called a JPEG, leaving the cover as it was", async () => {
    const event = await insertEvent(api.database.db, NOW, { coverImage: "/images/demo/mezza-bergamo.svg" });
    const answer = await put(event.id, new TextEncoder().encode("not a picture at all"), "image/jpeg");
    expect(answer.status).toBe(415);
    expect(answer.body.errors[0].code).toBe("not-an-image");
    expect(await stored(event.id)).toEqual([]);
    expect(await coverOf(event.id)).toBe("/images/demo/mezza-bergamo.svg");
    const tooLarge = await put(event.id, new Uint8Array(10 * 1024 * 1024 + 1), "image/png");
    expect(tooLarge.status).toBe(413);
    expect(await stored(event.id)).toEqual([]);
  });

  it("refuses an image of more than 40 megapixels by its header, before decoding it", async () => {
    const event = await insertEvent(api.database.db, NOW);
    // A small PNG whose header says 8000 × 5001: its pixels would not decode, so only the header can refuse it.
    const png = Buffer.from(await image(16, 16, "png"));
    png.writeUInt32BE(8000, 16);
    png.writeUInt32BE(5001, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const answer = await put(event.id, png, "image/png");
    expect(answer.status).toBe(413);
    expect(answer.body.errors[0].code).toBe("cover-too-large");
    expect(await stored(event.id)).toEqual([]);
  });

  it("is the organiser's: 403 for staff, 404 for no such event", async () => {
    const event = await insertEvent(api.database.db, NOW);
    const staff = await team.staff();
    const refused = await put(event.id, await image(600, 400, "png"), "image/png", staff.headers);
    expect(refused.status).toBe(403);
    expect(await stored(event.id)).toEqual([]);
    expect((await put(crypto.randomUUID(), await image(600, 400, "png"), "image/png")).status).toBe(404);
  });
});

import { COVER_MAX_BYTES, coverFilePath, refuse } from "@sports/domain";
import { uploadCover } from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { readFileBody } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { organiserOnly } from "./actor.ts";

/**
 * The raw body, refused (`file-too-large`) from its declared length before a byte is read, or as
 * soon as the stream passes the limit. Its type is the content's to say, not the Content-Type's.
 */
async function readImage(request: Request): Promise<Buffer> {
  return readFileBody(request, COVER_MAX_BYTES, () => refuse("file-too-large", "A cover image may be at most 10 MB."));
}

/** An event's cover image: `PUT /api/events/{id}/cover` with the image as the body (organisers only). */
export function coverRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.put("/events/:id/cover", async (c) => {
    const actor = organiserOnly(c);
    const eventId = c.req.param("id");
    if (!z.uuid().safeParse(eventId).success) refuse("not-found", "No such event.");
    const content = await readImage(c.req.raw);
    const cover = await uploadCover(c.var.deps, actor, { eventId: eventId.toLowerCase(), content });
    return document(c, {
      data: {
        type: "event-covers",
        id: cover.uploadId,
        attributes: {
          url: cover.coverImage,
          files: cover.files.map((file) => ({
            ...file,
            url: coverFilePath(cover.uploadId, file.width, file.mediaType === "image/webp" ? "webp" : "jpg"),
          })),
        },
        relationships: { event: { data: { type: "events", id: eventId.toLowerCase() } } },
      },
    });
  });

  return routes;
}

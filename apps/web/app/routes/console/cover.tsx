import { consolePath, type EventAttributes, isErrorDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import { Form, useLoaderData } from "react-router";
import { CoverImage } from "../../components/cover-image.tsx";
import { SiteLink } from "../../components/site-link.tsx";
import { FileField } from "../../console/console-form.tsx";
import { DoneNotice } from "../../console/notices.tsx";
import { siteContext } from "../../context.ts";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { readApi } from "../../lib/api.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/cover.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(m.console_cover_title({ title: loaderData?.title ?? "" }));
}

/** The event's name and current cover, from its overview (`GET /api/events/{id}/dashboard`). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const document = await readApi<{
    data: { id: string; attributes: { title: string; cover: EventAttributes["cover"] } };
  }>(context, `/api/events/${encodeURIComponent(params.id)}/dashboard`);
  return { id: document.data.id, title: document.data.attributes.title, cover: document.data.attributes.cover };
}

/** Sends the chosen file as the raw body of `PUT /api/events/{id}/cover`; the API reads what it really is. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const file = formData.get("cover");
  if (!(file instanceof File) || file.size === 0) return { error: m.console_cover_missing(), saved: false };
  const { apiFetch } = context.get(siteContext);
  const response = await apiFetch(`/api/events/${encodeURIComponent(params.id)}/cover`, {
    method: "PUT",
    body: file,
    headers: { Accept: JSONAPI_MEDIA_TYPE, "Content-Type": "application/octet-stream" },
  });
  if (response.status === 415) return { error: m.console_cover_not_image(), saved: false };
  if (response.status === 413) {
    // Too many pixels (`cover-too-large`), or too many bytes: the API's `file-too-large`, a proxy's bare 413.
    const body: unknown = await response.json().catch(() => undefined);
    const tooManyPixels = isErrorDocument(body) && body.errors[0]?.code === "cover-too-large";
    return { error: tooManyPixels ? m.console_cover_too_many_pixels() : m.console_cover_too_large(), saved: false };
  }
  if (!response.ok) throw new Response(null, { status: response.status });
  return { error: null, saved: true };
}

/** A small form for an event's cover image (organisers only): what it is now, and a file to replace it. */
export default function Cover({ actionData }: Route.ComponentProps) {
  const { id, title, cover } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="console-main">
      <h1>{m.console_cover_title({ title })}</h1>
      <p>{m.console_cover_lead()}</p>
      <p className="console-hint">{m.console_cover_alt_note()}</p>
      {actionData?.saved && <DoneNotice>{m.console_cover_saved()}</DoneNotice>}
      <section aria-labelledby="cover-current-title">
        <h2 id="cover-current-title">{m.console_cover_current()}</h2>
        {cover ? (
          <CoverImage
            cover={cover}
            alt=""
            sizes="(min-width: 40rem) 30rem, 100vw"
            width={640}
            height={360}
            className="console-cover"
          />
        ) : (
          <p>{m.console_cover_none()}</p>
        )}
      </section>
      <Form method="post" encType="multipart/form-data" className="console-section account-form" noValidate>
        <FileField
          id="cover-file"
          name="cover"
          label={m.console_cover_file()}
          accept="image/jpeg,image/png,image/webp"
          error={actionData?.error}
        />
        <SubmitButton>{m.console_cover_submit()}</SubmitButton>
      </Form>
      <p className="console-section">
        <SiteLink to={consolePath("eventDashboard", { id })}>{m.console_message_back()}</SiteLink>
      </p>
    </main>
  );
}

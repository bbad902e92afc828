import { consolePath } from "@sports/jsonapi";
import { redirect, useActionData, useLoaderData } from "react-router";
import { Refusal, TranslatedFields, translatedLabels, useConsoleForm } from "../../console/console-form.tsx";
import { consoleReply, refusalMessage } from "../../console/console-reply.server.ts";
import { FormPageHead, OrganiserForm } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { roomTypeAttributes, roomTypeForm, stayAttributes, stayForm, unitsOf } from "../../forms/console-catalogue.ts";
import { FormErrors, RequiredLegend, TextField } from "../../forms/fields.tsx";
import { replyWithErrors } from "../../forms/reply.ts";
import { parseForm } from "../../forms/use-site-form.ts";
import { readApi } from "../../lib/api.ts";
import { type Texts, textIn } from "../../lib/catalogue-values.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/stay.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_stay_edit());
}

interface StayDocument {
  data: {
    id: string;
    attributes: {
      slug: string;
      name: Texts;
      description: Texts;
      address: string | null;
      firstNight: string;
      lastNight: string;
    };
  };
  included: {
    type: string;
    id: string;
    attributes: {
      slug?: string;
      title?: Texts;
      name?: Texts;
      guests?: number;
      pricePerNight?: { amount: number; currency: string };
      roomsPerNight?: number;
    };
  }[];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  return readApi<StayDocument>(context, `/api/console/stays/${encodeURIComponent(params.id)}`);
}

/**
 * Saves the stay, one of its room types or a new one, or deletes either (only while no room of it
 * is booked: the API says so otherwise).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "stay");
  const room = String(form.get("roomTypeId") ?? "");
  if (intent === "delete-stay") {
    try {
      await api.delete(`/api/stays/${params.id}`);
    } catch (error) {
      return { intent, refusal: refusalMessage(error, prefix, { "has-signups": m.console_stay_delete_refused }) };
    }
    return redirect(`${prefix}${consolePath("event", { id: String(form.get("eventId") ?? "") })}`);
  }
  if (intent === "delete-room") {
    try {
      await api.delete(`/api/room-types/${room}`);
    } catch (error) {
      return { intent, room, refusal: refusalMessage(error, prefix, { "has-signups": m.console_room_delete_refused }) };
    }
    return { intent, room, saved: true };
  }
  if (intent === "room" || intent === "add-room") {
    const submission = parseForm(form, roomTypeForm);
    if (submission.status !== "success") return { intent, room, result: replyWithErrors(submission) };
    const attributes = roomTypeAttributes(submission.value);
    try {
      if (intent === "room")
        await api.patch(`/api/room-types/${room}`, { data: { type: "room-types", id: room, attributes } });
      else await api.post(`/api/stays/${params.id}/room-types`, { data: { type: "room-types", attributes } });
    } catch (error) {
      return { intent, room, result: consoleReply(submission, error, prefix) };
    }
    return { intent, room, result: submission.reply(intent === "add-room" ? { resetForm: true } : {}), saved: true };
  }
  const submission = parseForm(form, stayForm);
  if (submission.status !== "success") return { intent: "stay", result: replyWithErrors(submission) };
  try {
    await api.patch(`/api/stays/${params.id}`, {
      data: { type: "stays", id: params.id, attributes: stayAttributes(submission.value) },
    });
  } catch (error) {
    return {
      intent: "stay",
      result: consoleReply(submission, error, prefix, { messages: { "has-signups": m.console_stay_nights_booked } }),
    };
  }
  return { intent: "stay", result: submission.reply(), saved: true };
}

type RoomType = StayDocument["included"][number];

/** The summary's labels of a room type's form. */
const roomLabels = () => ({
  ...translatedLabels("name", m.console_stay_field_name()),
  guests: m.console_stay_room_guests(),
  pricePerNight: m.console_stay_room_price(),
  roomsPerNight: m.console_stay_room_count(),
});

/**
 * A room type's form (`room` its id, "new" for the one that adds a room type): its name in each
 * language, guests per room, price per night and rooms per night, each refused at its field.
 */
function RoomForm({ room, answer, title }: { room?: RoomType; answer: StayAnswer | undefined; title: string }) {
  const id = room?.id ?? "new";
  const mine = answer && "room" in answer && (answer.room || "new") === id ? answer : undefined;
  const values = room?.attributes;
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: `room-${id}`,
    schema: roomTypeForm,
    lastResult: mine && "result" in mine ? mine.result : undefined,
    defaultValue: {
      name: values?.name ?? {},
      guests: String(values?.guests ?? 2),
      pricePerNight: values?.pricePerNight ? unitsOf(values.pricePerNight.amount) : "",
      roomsPerNight: String(values?.roomsPerNight ?? 10),
    },
  });
  const labels = roomLabels();
  const headingId = `room-${id}-heading`;
  return (
    <>
      <OrganiserForm method="post" className="console-form" aria-labelledby={headingId} {...formProps}>
        <h3 id={headingId}>{title}</h3>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        {room ? <input type="hidden" name="roomTypeId" value={room.id} /> : null}
        <TranslatedFields field={fields.name} label={m.console_stay_field_name()} />
        <div className="console-fields-row">
          <TextField field={fields.guests} label={labels.guests} type="number" inputMode="numeric" required />
          <TextField field={fields.pricePerNight} label={labels.pricePerNight} inputMode="decimal" required />
          <TextField
            field={fields.roomsPerNight}
            label={labels.roomsPerNight}
            type="number"
            inputMode="numeric"
            required
          />
        </div>
        <p>
          <button type="submit" name="intent" value={room ? "room" : "add-room"} className="button button-primary">
            {room ? m.console_stay_room_save() : m.console_stay_room_add()}
          </button>
        </p>
      </OrganiserForm>
      {room ? (
        // Apart, so that deleting never waits on the checks of the fields above.
        <OrganiserForm method="post" className="console-actions">
          <Refusal id={`room-${id}-refusal`} message={mine && "refusal" in mine ? mine.refusal : undefined} />
          <input type="hidden" name="roomTypeId" value={room.id} />
          <button
            type="submit"
            name="intent"
            value="delete-room"
            className="button button-danger"
            aria-label={`${m.console_stay_room_delete()}: ${title}`}
          >
            {m.console_stay_room_delete()}
          </button>
        </OrganiserForm>
      ) : null}
    </>
  );
}

type StayAnswer = Awaited<ReturnType<typeof action>> extends infer A ? Exclude<A, Response> : never;

export default function ConsoleStay() {
  const { data, included } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const stay = data.attributes;
  const event = included.find((resource) => resource.type === "events");
  const rooms = included.filter((resource) => resource.type === "room-types");
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "stay",
    schema: stayForm,
    lastResult: answer?.intent === "stay" ? answer.result : undefined,
    defaultValue: {
      name: stay.name,
      description: stay.description,
      slug: stay.slug,
      address: stay.address ?? "",
      firstNight: stay.firstNight,
      lastNight: stay.lastNight,
    },
  });
  const labels = {
    ...translatedLabels("name", m.console_stay_field_name()),
    ...translatedLabels("description", m.console_event_field_description()),
    slug: m.console_event_field_slug(),
    address: m.console_stay_field_address(),
    firstNight: m.console_stay_field_first_night(),
    lastNight: m.console_stay_field_last_night(),
  };
  return (
    <main id="content" className="console-main">
      <FormPageHead
        title={textIn(stay.name, locale, stay.slug)}
        back={
          event
            ? {
                to: consolePath("event", { id: event.id }),
                label: textIn(event.attributes.title ?? {}, locale, event.attributes.slug),
              }
            : undefined
        }
        saved={answer && "saved" in answer && answer.saved}
      />
      <OrganiserForm method="post" className="console-form" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <RequiredLegend />
        <TranslatedFields field={fields.name} label={m.console_stay_field_name()} />
        <TranslatedFields field={fields.description} label={m.console_event_field_description()} multiline />
        <div className="console-fields-row">
          <TextField field={fields.slug} label={labels.slug} hint={m.console_slug_hint()} required />
          <TextField field={fields.address} label={labels.address} />
          <TextField field={fields.firstNight} label={labels.firstNight} type="date" required />
          <TextField field={fields.lastNight} label={labels.lastNight} type="date" required />
        </div>
        <p>
          <button type="submit" name="intent" value="stay" className="button button-primary">
            {m.console_event_save()}
          </button>
        </p>
      </OrganiserForm>
      <section aria-labelledby="rooms-heading">
        <h2 id="rooms-heading">{m.console_stay_rooms()}</h2>
        {rooms.map((room) => (
          <RoomForm
            key={room.id}
            room={room}
            answer={answer}
            title={textIn(room.attributes.name ?? {}, locale, m.console_stay_rooms())}
          />
        ))}
        <RoomForm answer={answer} title={m.console_stay_room_add()} />
      </section>
      <OrganiserForm method="post">
        <Refusal id="stay-delete-refusal" message={answer?.intent === "delete-stay" ? answer.refusal : undefined} />
        <input type="hidden" name="eventId" value={event?.id ?? ""} />
        <button type="submit" name="intent" value="delete-stay" className="button button-danger">
          {m.console_stay_delete()}
        </button>
      </OrganiserForm>
    </main>
  );
}

import { consolePath } from "@sports/jsonapi";
import { redirect, useActionData, useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import {
  Field,
  type FieldErrors,
  fieldErrorsOf,
  LanguageFields,
  SaveOutcome,
  type Texts,
  textIn,
  textsFrom,
} from "../../console/catalogue-form.tsx";
import { OrganiserForm } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { readApi, refusalAnswer } from "../../lib/api.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import { useRootData } from "../../root.tsx";
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

const numberOf = (value: FormDataEntryValue | null) => Number(String(value ?? "").replace(",", ".") || "0");

/** Saves the stay, one of its room types, a new room type, or deletes either. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "stay");
  const room = String(form.get("roomTypeId") ?? "");
  const roomAttributes = () => ({
    name: textsFrom(form, "room.name"),
    guests: numberOf(form.get("room.guests")),
    pricePerNight: Math.round(numberOf(form.get("room.price")) * 100),
    roomsPerNight: numberOf(form.get("room.rooms")),
  });
  try {
    if (intent === "delete-stay") {
      await api.delete(`/api/stays/${params.id}`);
      return redirect(`${prefix}${consolePath("event", { id: String(form.get("eventId") ?? "") })}`);
    }
    if (intent === "add-room")
      await api.post(`/api/stays/${params.id}/room-types`, {
        data: { type: "room-types", attributes: roomAttributes() },
      });
    else if (intent === "room")
      await api.patch(`/api/room-types/${room}`, {
        data: { type: "room-types", id: room, attributes: roomAttributes() },
      });
    else if (intent === "delete-room") await api.delete(`/api/room-types/${room}`);
    else
      await api.patch(`/api/stays/${params.id}`, {
        data: {
          type: "stays",
          id: params.id,
          attributes: {
            slug: String(form.get("slug") ?? "").trim(),
            name: textsFrom(form, "name"),
            description: textsFrom(form, "description"),
            address: String(form.get("address") ?? "").trim() || null,
            firstNight: String(form.get("firstNight") ?? ""),
            lastNight: String(form.get("lastNight") ?? ""),
          },
        },
      });
    return { errors: undefined as FieldErrors | undefined, saved: true, room: intent === "stay" ? "" : room || "new" };
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) throw refusalAnswer(error, prefix);
    return { errors, saved: false, room: intent === "stay" ? "" : room || "new" };
  }
}

function RoomFields({
  values,
  errors,
}: {
  values?: StayDocument["included"][number]["attributes"];
  errors?: FieldErrors;
}) {
  return (
    <>
      <LanguageFields name="room.name" label={m.console_stay_field_name()} values={values?.name} errors={errors} />
      <div className="console-fields-row">
        <Field
          name="room.guests"
          type="number"
          label={m.console_stay_room_guests()}
          errors={errors}
          defaultValue={values?.guests ?? 2}
        />
        <Field
          name="room.price"
          type="number"
          step="0.01"
          label={m.console_stay_room_price()}
          errors={errors}
          defaultValue={values?.pricePerNight ? (values.pricePerNight.amount / 100).toFixed(2) : ""}
        />
        <Field
          name="room.rooms"
          type="number"
          label={m.console_stay_room_count()}
          errors={errors}
          defaultValue={values?.roomsPerNight ?? 10}
        />
      </div>
    </>
  );
}

export default function ConsoleStay() {
  const { data, included } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const stay = data.attributes;
  const event = included.find((resource) => resource.type === "events");
  const rooms = included.filter((resource) => resource.type === "room-types");
  const errorsFor = (room: string) => (answer && answer.room === room ? answer.errors : undefined);
  return (
    <main id="content" className="console-main">
      <h1>{textIn(stay.name, locale, stay.slug)}</h1>
      {event ? (
        <p>
          <SiteLink to={consolePath("event", { id: event.id })}>
            {textIn(event.attributes.title ?? {}, locale, event.attributes.slug)}
          </SiteLink>
        </p>
      ) : null}
      <SaveOutcome saved={answer?.saved} errors={answer?.errors} />
      <OrganiserForm method="post" className="console-form">
        <LanguageFields name="name" label={m.console_stay_field_name()} values={stay.name} errors={errorsFor("")} />
        <LanguageFields
          name="description"
          label={m.console_event_field_description()}
          values={stay.description}
          errors={errorsFor("")}
          multiline
        />
        <div className="console-fields-row">
          <Field
            name="slug"
            label={m.console_event_field_slug()}
            errors={errorsFor("")}
            defaultValue={stay.slug}
            required
          />
          <Field
            name="address"
            label={m.console_stay_field_address()}
            errors={errorsFor("")}
            defaultValue={stay.address}
          />
          <Field
            name="firstNight"
            type="date"
            label={m.console_stay_field_first_night()}
            errors={errorsFor("")}
            defaultValue={stay.firstNight}
            required
          />
          <Field
            name="lastNight"
            type="date"
            label={m.console_stay_field_last_night()}
            errors={errorsFor("")}
            defaultValue={stay.lastNight}
            required
          />
        </div>
        <p>
          <button type="submit" name="intent" value="stay">
            {m.console_event_save()}
          </button>
        </p>
      </OrganiserForm>
      <section aria-labelledby="rooms-heading">
        <h2 id="rooms-heading">{m.console_stay_rooms()}</h2>
        {rooms.map((room) => (
          <OrganiserForm
            method="post"
            key={room.id}
            className="console-form"
            aria-label={textIn(room.attributes.name ?? {}, locale, m.console_stay_rooms())}
          >
            <input type="hidden" name="roomTypeId" value={room.id} />
            <RoomFields values={room.attributes} errors={errorsFor(room.id)} />
            <p className="console-actions">
              <button type="submit" name="intent" value="room">
                {m.console_stay_room_save()}
              </button>
              <button type="submit" name="intent" value="delete-room" formNoValidate>
                {m.console_stay_room_delete()}
              </button>
            </p>
          </OrganiserForm>
        ))}
        <OrganiserForm method="post" className="console-form" aria-labelledby="room-add-heading">
          <h3 id="room-add-heading">{m.console_stay_room_add()}</h3>
          <RoomFields errors={errorsFor("new")} />
          <p>
            <button type="submit" name="intent" value="add-room">
              {m.console_stay_room_add()}
            </button>
          </p>
        </OrganiserForm>
      </section>
      <OrganiserForm method="post">
        <input type="hidden" name="eventId" value={event?.id ?? ""} />
        <button type="submit" name="intent" value="delete-stay">
          {m.console_stay_delete()}
        </button>
      </OrganiserForm>
    </main>
  );
}

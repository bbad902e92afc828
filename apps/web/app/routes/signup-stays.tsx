import { type FieldMetadata, getFormProps } from "@conform-to/react";
import type { StayAttributes } from "@sports/jsonapi";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { isRefusal } from "../auth/session.ts";
import { StayOffer } from "../components/stay-offer.tsx";
import { languageContext, siteContext } from "../context.ts";
import { FormErrors, RadioField, rowsOf, TextField } from "../forms/fields.tsx";
import { errorMessage } from "../forms/messages.ts";
import { replyWithApiError } from "../forms/reply.ts";
import { dayAfter, newStayRow, roomOffers, stayBookingAttributes, stayDefaults, staysForm } from "../forms/signup.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { formatCalendarDay, formatPrice } from "../lib/format.ts";
import { followOnward, goOnward, pageAnswer } from "../lib/onward.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { loadSignupPage, readSignupPage } from "../signup/load.ts";
import { signupPath } from "../signup/paths.ts";
import { loadStep } from "../signup/step-loader.ts";
import { useSignupPage } from "../signup/use-page.ts";
import type { Route } from "./+types/signup-stays.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.signup_stays_title());
}

export async function loader(args: Route.LoaderArgs) {
  return loadSignupPage(args, "stays");
}

/** From the store right after the participants were saved, else from the server (signup/step-loader.ts). */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadStep(args, "stays");
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  const { api } = context.get(siteContext);
  const { page } = await readSignupPage(args, "stays");
  const path = `/api/signups/${encodeURIComponent(page.signup.id)}/stay-bookings`;
  const recap = prefix + signupPath(page.place, page.signup.id, "recap");
  const formData = await request.formData();

  if (formData.get("intent") === "skip") {
    let skipped: Awaited<ReturnType<typeof api.patch>>;
    try {
      skipped = await api.patch(path, { data: [] });
    } catch (error) {
      if (!isRefusal(error, 409) && !isRefusal(error, 400)) throw error;
      return { skipRefusal: error.errors[0]?.code ?? "invalid" };
    }
    return goOnward(request, recap, [skipped.document]);
  }

  const submission = parseForm(formData, staysForm(roomOffers(page.stays)));
  if (submission.status !== "success") return submission.reply();
  let saved: Awaited<ReturnType<typeof api.patch>>;
  try {
    saved = await api.patch(path, {
      data: stayBookingAttributes(submission.value).map((attributes) => ({ type: "stay-bookings", attributes })),
    });
  } catch (error) {
    return replyWithApiError(submission, error, {
      list: "stays",
      messages: { "sold-out": () => m.form_stay_sold_out() },
    });
  }
  return goOnward(request, recap, [saved.document]);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return followOnward(await serverAction());
}

export default function Stays({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { signup, stays } = useSignupPage(loaderData);
  const offers = useMemo(() => roomOffers(stays), [stays]);
  const schema = useMemo(() => staysForm(offers), [offers]);
  const answer = pageAnswer(actionData);
  const result = answer && !("skipRefusal" in answer) ? answer : undefined;
  const skipRefusal = answer && "skipRefusal" in answer ? answer.skipRefusal : undefined;
  const [form, fields] = useSiteForm({
    id: "stays",
    schema,
    lastResult: result,
    defaultValue: { stays: stayDefaults(signup.stayBookings, offers) } as never,
  });
  const rows = rowsOf(fields.stays);
  const firstNight = stays.map((stay) => stay.firstNight).sort()[0] ?? "";
  const lastNight =
    stays
      .map((stay) => stay.lastNight)
      .sort()
      .at(-1) ?? "";
  const own = rowLabels();
  const labels = Object.fromEntries(
    rows.flatMap((_, index) =>
      Object.entries(own).map(([name, label]) => [
        `stays[${index}].${name}`,
        rows.length > 1 ? `${m.signup_room_legend({ number: String(index + 1) })}: ${label}` : label,
      ]),
    ),
  );
  return (
    <>
      <h1>{m.signup_stays_title()}</h1>
      <p className="lead">{m.signup_stays_lead()}</p>
      <SkipStays refusal={skipRefusal} />
      {stays.map((stay) => (
        <StayOffer key={stay.slug} stay={stay} locale={locale} headingLevel={2} showAddress />
      ))}
      <Form method="post" {...getFormProps(form)} className="account-form signup-form">
        <FormErrors form={form} labels={labels} />
        {rows.map((row, index) => (
          <BookingFieldset
            key={row.key}
            row={row as never}
            index={index}
            count={rows.length}
            stays={stays}
            range={{ firstNight, lastNight }}
            remove={form.remove.getButtonProps({ name: fields.stays.name, index })}
          />
        ))}
        {rows.length < offers.length && (
          <button
            {...form.insert.getButtonProps({
              name: fields.stays.name,
              defaultValue: newStayRow(offers) as never,
            })}
            className="button"
          >
            {m.signup_add_room()}
          </button>
        )}
        <div className="form-actions">
          <SubmitButton>{m.signup_stays_submit()}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

function rowLabels(): Record<string, string> {
  return {
    roomTypeId: m.field_room_type(),
    checkIn: m.field_check_in(),
    checkOut: m.field_check_out(),
    rooms: m.field_rooms(),
    guests: m.field_guests(),
  };
}

type Row = FieldMetadata<Record<string, unknown>>;

function BookingFieldset({
  row,
  index,
  count,
  stays,
  range,
  remove,
}: {
  row: Row;
  index: number;
  count: number;
  stays: StayAttributes[];
  range: { firstNight: string; lastNight: string };
  remove: Record<string, unknown>;
}) {
  const { locale } = useRootData();
  const fields = row.getFieldset() as Record<string, Parameters<typeof TextField>[0]["field"]>;
  const labels = rowLabels();
  const field = (name: string) => fields[name] as Parameters<typeof TextField>[0]["field"];
  const nights = m.signup_nights_hint({
    first: formatCalendarDay(range.firstNight, locale),
    last: formatCalendarDay(range.lastNight, locale),
  });
  return (
    <fieldset className="form-card">
      <legend>{m.signup_room_legend({ number: String(index + 1) })}</legend>
      {/* Choices in sight, whose text wraps on a phone (a select cuts it), each with its lodging when there are several. */}
      <RadioField
        field={field("roomTypeId")}
        legend={labels.roomTypeId ?? ""}
        options={stays.flatMap((stay) =>
          stay.roomTypes.map((room) => ({
            value: room.id,
            label: m.stay_room({
              name: room.name,
              guests: room.guests,
              price: formatPrice(room.pricePerNight.amount, room.pricePerNight.currency, locale),
            }),
            ...(stays.length > 1 ? { hint: stay.name } : {}),
          })),
        )}
      />
      <div className="field-row">
        <TextField
          field={field("checkIn")}
          label={labels.checkIn ?? ""}
          type="date"
          min={range.firstNight}
          max={range.lastNight}
          hint={nights}
        />
        <TextField
          field={field("checkOut")}
          label={labels.checkOut ?? ""}
          type="date"
          min={range.firstNight && dayAfter(range.firstNight)}
          max={range.lastNight && dayAfter(range.lastNight)}
          hint={m.signup_check_out_hint()}
        />
      </div>
      <div className="field-row">
        <TextField
          field={field("rooms")}
          label={labels.rooms ?? ""}
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
        />
        <TextField
          field={field("guests")}
          label={labels.guests ?? ""}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
        />
      </div>
      {count > 1 && (
        <button {...remove} className="button button-danger">
          {m.signup_remove_room({ number: String(index + 1) })}
        </button>
      )}
    </fieldset>
  );
}

/** "No lodging": its own little form, so it needs none of the fields above. */
function SkipStays({ refusal }: { refusal: string | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "skip";
  return (
    <Form method="post" className="skip-stays">
      {refusal && (
        <p className="notice notice-warning" role="alert">
          {errorMessage(refusal)}
        </p>
      )}
      <p>{m.signup_stays_skip_lead()}</p>
      <button type="submit" name="intent" value="skip" className="button" aria-disabled={busy || undefined}>
        {m.signup_stays_skip()}
      </button>
    </Form>
  );
}

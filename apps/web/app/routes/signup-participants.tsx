import { getFormProps } from "@conform-to/react";
import { ApiError, type DataDocument, type ParticipantAttributes } from "@sports/jsonapi";
import { useEffect, useMemo, useState } from "react";
import { Form, type RouterContextProvider } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { type KnownPerson, ParticipantFieldset, participantLabels } from "../components/participant-fields.tsx";
import { languageContext, recordsContext, siteContext, visitorContext } from "../context.ts";
import { FormErrors, RequiredLegend, rowsOf } from "../forms/fields.tsx";
import { replyWithApiError } from "../forms/reply.ts";
import { participantAttributes, participantDefaults, participantsForm, personValues } from "../forms/signup.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { countryOptions } from "../lib/countries.ts";
import { formatCalendarDay, localDay } from "../lib/format.ts";
import { followOnward, goOnward, pageAnswer } from "../lib/onward.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { applyPick, reuseCertificates, uploadCertificates } from "../signup/certificates.ts";
import { readSignupPage } from "../signup/load.ts";
import { signupPath } from "../signup/paths.ts";
import { signupOf } from "../signup/records.ts";
import { loadStepFromServer } from "../signup/step-loader.ts";
import { nextStep } from "../signup/steps.ts";
import { useSignupPage } from "../signup/use-page.ts";
import type { Route } from "./+types/signup-participants.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.signup_participants_title());
}

export async function loader(args: Route.LoaderArgs) {
  const { page, documents } = await readSignupPage(args, "participants");
  const visitor = args.context.get(visitorContext);
  const { locale } = args.context.get(languageContext);
  const known = page.signup.state === "held" ? await knownPeople(args.context, raceDayOf(page.signup)) : [];
  return {
    signupId: page.signup.id,
    step: page.step,
    serverNow: page.serverNow,
    documents,
    defaults: participantDefaults(page.signup.participants, visitor),
    known,
    // The recap's billing form reads these too, when it follows from the browser's store (signup/billing-words.ts).
    countries: countryOptions(locale),
    locale,
    accountName: visitor ? `${visitor.givenName} ${visitor.familyName}` : "",
  };
}

/**
 * Always the server's answer: the form starts from the participants as saved and the people this
 * visitor signed up before, which only the server reads (signup/step-loader.ts).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadStepFromServer(serverLoader);
}

/** The race day, in the event's time zone: a certificate offered again must still be valid on it. */
function raceDayOf(signup: { appointment: { startsAt: string }; event: { timeZone: string } }): string {
  return localDay(signup.appointment.startsAt, signup.event.timeZone);
}

/**
 * The people this visitor signed up before, one entry per person (`GET /api/users/me/participants`),
 * each with the certificate uploaded for them when it is still valid on `raceDay`, to use again.
 */
async function knownPeople(
  context: Readonly<RouterContextProvider>,
  raceDay: string,
): Promise<Omit<KnownPerson, "label">[]> {
  const { api } = context.get(siteContext);
  let people: {
    id: string;
    attributes: ParticipantAttributes;
    meta?: { certificate?: { id: string; expiresOn: string } };
  }[];
  try {
    // People to copy, not the participants' records: their certificates are left out (`keep`).
    const { document } = await api.get<DataDocument>("/api/users/me/participants", { keep: false });
    people = document.data as unknown as typeof people;
  } catch (error) {
    // Only a convenience: the form works without it.
    if (ApiError.is(error) && error.status < 500) return [];
    throw error;
  }
  const seen = new Set<string>();
  return people.flatMap(({ id, attributes, meta }) => {
    const key = [attributes.givenName, attributes.familyName, attributes.birthDate].join("|").toLowerCase();
    if (seen.has(key)) return [];
    seen.add(key);
    const certificate = meta?.certificate && meta.certificate.expiresOn >= raceDay ? meta.certificate : undefined;
    const values: Record<string, string> = personValues(attributes);
    if (certificate)
      Object.assign(values, { reuseCertificateId: certificate.id, certificateExpiresOn: certificate.expiresOn });
    return [{ id, values }];
  });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  const { api } = context.get(siteContext);
  const { page } = await readSignupPage(args, "participants");
  const { signup } = page;
  const formData = await request.formData();
  const uploadErrors = await uploadCertificates(context, signup.id, formData);
  if (formData.has("pick")) applyPick(formData, await knownPeople(context, raceDayOf(signup)));
  else Object.assign(uploadErrors, await reuseCertificates(context, signup.id, formData));
  const submission = parseForm(formData, participantsForm(signup.event.rules));
  if (submission.status !== "success" || Object.keys(uploadErrors).length > 0)
    return submission.reply({ fieldErrors: uploadErrors });
  let answer: DataDocument | undefined;
  try {
    ({ document: answer } = await api.patch(`/api/signups/${encodeURIComponent(signup.id)}/participants`, {
      data: participantAttributes(submission.value).map((attributes) => ({ type: "participants", attributes })),
    }));
  } catch (error) {
    return replyWithApiError(submission, error, { list: "participants" });
  }
  // The request's store holds the signup as read, with the API's answer merged over it.
  const saved = signupOf(context.get(recordsContext), signup.id) ?? signup;
  const next = nextStep(
    { hasStays: page.stays.length > 0, participantCount: saved.participants.length, staysChosen: saved.staysChosen },
    "participants",
  );
  return goOnward(request, prefix + signupPath(page.place, signup.id, next), [answer]);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return followOnward(await serverAction());
}

export default function Participants({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { signup } = useSignupPage(loaderData);
  const { defaults } = loaderData;
  const rules = signup.event.rules;
  const schema = useMemo(() => participantsForm(rules), [rules]);
  const known = loaderData.known.map((person) => ({
    ...person,
    label: [
      person.values.givenName,
      person.values.familyName,
      person.values.birthDate && `(${formatCalendarDay(person.values.birthDate, locale)})`,
    ]
      .filter(Boolean)
      .join(" "),
  }));
  const [form, fields] = useSiteForm({
    id: "participants",
    schema,
    lastResult: pageAnswer(actionData),
    defaultValue: { participants: defaults } as never,
  });
  const people = rowsOf(fields.participants);
  // "Fill in" with someone signed up before: said in the status line, and the focus goes to the
  // participant's first field, once their fieldset is rendered anew with the values (its key changes).
  const [filled, setFilled] = useState<{ index: number; label: string } | null>(null);
  const firstFieldId = filled ? people[filled.index]?.getFieldset().givenName?.id : undefined;
  useEffect(() => {
    if (!filled || !firstFieldId) return;
    // Once the form has put the values in: it renders the fieldset anew, after this click's render.
    const frame = requestAnimationFrame(() => document.getElementById(firstFieldId)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [filled, firstFieldId]);
  const own = participantLabels(rules);
  const labels = Object.fromEntries(
    people.flatMap((_, index) =>
      Object.entries(own).map(([name, label]) => [
        `participants[${index}].${name}`,
        people.length > 1 ? `${m.signup_participant_legend({ number: String(index + 1) })}: ${label}` : label,
      ]),
    ),
  );
  return (
    <>
      <h1>{m.signup_participants_title()}</h1>
      <p className="lead">
        {rules.participantsPerSignup > 1
          ? m.signup_participants_lead_many({ count: String(rules.participantsPerSignup) })
          : m.signup_participants_lead_one()}
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="account-form signup-form">
        <FormErrors form={form} labels={labels} />
        <RequiredLegend />
        <p className="pick-done" role="status">
          {filled ? m.signup_pick_done({ name: filled.label }) : ""}
        </p>
        {people.map((person, index) => (
          <ParticipantFieldset
            key={person.key}
            form={form as never}
            list={fields.participants as never}
            person={person as never}
            index={index}
            count={people.length}
            rules={rules}
            known={known}
            countries={loaderData.countries}
            onFilled={(label) => setFilled({ index, label })}
          />
        ))}
        {people.length < rules.participantsPerSignup && (
          <button {...form.insert.getButtonProps({ name: fields.participants.name })} className="button">
            {m.signup_add_participant()}
          </button>
        )}
        <div className="form-actions">
          <SubmitButton>{m.signup_continue()}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

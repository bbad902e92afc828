import { ApiError } from "@sports/jsonapi";
import { Form, useLoaderData } from "react-router";
import { ConsoleTable } from "../../console/console-table.tsx";
import { ChangeCode, type DiscountCode, NewCode } from "../../console/discount-code-forms.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { DoneNotice, ProblemsNotice } from "../../console/notices.tsx";
import { languageContext, siteContext } from "../../context.ts";
import {
  codeSwitchForm,
  DISCOUNT_CODE_FIELDS,
  discountCodeAttributes,
  discountCodeChange,
  discountCodeChangeForm,
  discountCodeForm,
  discountCodeLimitsForm,
} from "../../forms/console-discount-codes.ts";
import { replyWithApiError, replyWithErrors } from "../../forms/reply.ts";
import { parseForm } from "../../forms/use-site-form.ts";
import { readApi } from "../../lib/api.ts";
import { type Texts, textIn } from "../../lib/catalogue-values.ts";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/discount-codes.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_discount_codes_title());
}

interface ConsoleEvent {
  data: { attributes: { timeZone: string; slug: string; title?: Texts } };
  included?: { type: string; id: string; attributes: { slug: string; title?: Texts } }[];
}

/**
 * An event's discount codes with their uses (`GET /api/discount-codes?filter[event]=…`), with the
 * event's title, time zone and appointments for the form.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { locale } = context.get(languageContext);
  const id = encodeURIComponent(params.id);
  const [codes, event] = await Promise.all([
    readApi<{ data: DiscountCode[] }>(context, `/api/discount-codes?filter[event]=${id}`),
    readApi<ConsoleEvent>(context, `/api/console/events/${id}`),
  ]);
  const appointments = (event.included ?? [])
    .filter((resource) => resource.type === "appointments")
    .map((resource) => ({
      id: resource.id,
      title: textIn(resource.attributes.title ?? {}, locale, resource.attributes.slug),
    }));
  const { title, slug, timeZone } = event.data.attributes;
  return {
    eventId: params.id,
    eventTitle: textIn(title ?? {}, locale, slug),
    codes: codes.data,
    timeZone,
    appointments,
  };
}

const refusals = { "code-in-use": () => m.console_discount_in_use(), taken: () => m.console_discount_taken() };
const changeRefusals = {
  "code-in-use": () => m.console_discount_locked(),
  taken: () => m.console_discount_taken(),
  "below-taken": () => m.console_discount_below_taken(),
};

/**
 * Creates a code, changes one, switches one off or on, or deletes an unused one: each a plain form
 * with its intent.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "create");
  if (intent === "switch-off" || intent === "switch-on" || intent === "delete") {
    const submission = parseForm(formData, codeSwitchForm);
    if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
    const path = `/api/discount-codes/${encodeURIComponent(submission.value.codeId)}`;
    try {
      if (intent === "delete") await api.delete(path, { query: { locale } });
      else
        await api.patch(
          path,
          {
            data: {
              type: "discount-codes",
              id: submission.value.codeId,
              attributes: { active: intent === "switch-on" },
            },
          },
          { query: { locale } },
        );
    } catch (error) {
      if (!ApiError.is(error) || error.status >= 500) throw error;
      return { intent, result: replyWithApiError(submission, error, { messages: refusals }) };
    }
    return { intent, result: submission.reply({ resetForm: true }) };
  }
  const timeZone = String(formData.get("timeZone") || "Europe/Rome");
  if (intent === "update") {
    // A used code's form has no text or discount to send: those no longer change (decision 029).
    const codeId = String(formData.get("codeId") ?? "");
    const change = parseForm(formData, formData.has("kind") ? discountCodeChangeForm : discountCodeLimitsForm);
    if (change.status !== "success") return { intent, codeId, result: replyWithErrors(change) };
    try {
      await api.patch(
        `/api/discount-codes/${encodeURIComponent(change.value.codeId)}`,
        {
          data: {
            type: "discount-codes",
            id: change.value.codeId,
            attributes: discountCodeChange(change.value, timeZone),
          },
        },
        { query: { locale } },
      );
    } catch (error) {
      const options = { messages: changeRefusals, fieldMessages: DISCOUNT_CODE_FIELDS };
      return { intent, codeId, result: replyWithApiError(change, error, options) };
    }
    return { intent, codeId, result: change.reply(), saved: true };
  }
  const submission = parseForm(formData, discountCodeForm);
  if (submission.status !== "success") return { intent: "create", result: replyWithErrors(submission) };
  const { appointment } = submission.value;
  try {
    await api.post(
      "/api/discount-codes",
      {
        data: {
          type: "discount-codes",
          attributes: discountCodeAttributes(submission.value, timeZone),
          relationships: {
            event: { data: { type: "events", id: params.id } },
            ...(appointment ? { appointment: { data: { type: "appointments", id: appointment } } } : {}),
          },
        },
      },
      { query: { locale } },
    );
  } catch (error) {
    const options = { messages: refusals, fieldMessages: DISCOUNT_CODE_FIELDS };
    return { intent: "create", result: replyWithApiError(submission, error, options) };
  }
  // The form comes back empty but for what the next code is likely to share: the appointment.
  return {
    intent: "create",
    result: submission.reply({ resetForm: true }),
    created: submission.value.code,
    appointment: appointment ?? "",
  };
}

/** An event's discount codes: a table with their uses against their limit, switching off, and a form for a new one. */
export default function DiscountCodes({ actionData }: Route.ComponentProps) {
  const { eventId, eventTitle, codes, timeZone, appointments } = useLoaderData<typeof loader>();
  const { locale, visitor } = useRootData();
  const organiser = visitor?.role === "organiser";
  const refused =
    actionData && actionData.intent !== "create" && actionData.intent !== "update"
      ? actionData.result.error
      : undefined;
  const changed = actionData?.intent === "update" && "codeId" in actionData ? actionData : undefined;
  const discountOf = (code: DiscountCode["attributes"]) =>
    code.kind === "percent"
      ? m.console_discount_percent({ percent: code.value })
      : formatPrice(code.value, code.currency ?? "EUR", locale);
  return (
    <main id="content" className="console-main">
      <h1>{m.console_discount_codes_of({ event: eventTitle })}</h1>
      <EventTabs eventId={eventId} />
      <p>{m.console_discount_codes_lead()}</p>
      {actionData && "created" in actionData && actionData.created && (
        <DoneNotice>
          {m.console_discount_created({ code: actionData.created.toUpperCase().replace(/\s+/g, "") })}
        </DoneNotice>
      )}
      {changed && "saved" in changed && changed.saved && (
        <DoneNotice>
          {m.console_discount_saved({ code: codes.find((one) => one.id === changed.codeId)?.attributes.code ?? "" })}
        </DoneNotice>
      )}
      {refused && <ProblemsNotice problems={Object.values(refused).flat()} />}
      <section aria-labelledby="discount-codes-list">
        <h2 id="discount-codes-list">{m.console_discount_list()}</h2>
        {codes.length === 0 ? (
          <p>{m.console_discount_empty()}</p>
        ) : (
          <ConsoleTable
            labelledBy="discount-codes-list"
            columns={[
              m.console_discount_code(),
              m.console_discount_value(),
              m.console_discount_appointment(),
              m.console_discount_valid_until(),
              m.console_discount_uses(),
              m.console_discount_per_person(),
              m.console_discount_state(),
              organiser && m.console_team_actions(),
            ]}
          >
            {codes.map(({ id, attributes: code, relationships }) => (
              <tr key={id}>
                <th scope="row">
                  {code.code}
                  {code.members.length > 0 && (
                    <p className="console-hint">{m.console_discount_members({ count: code.members.length })}</p>
                  )}
                </th>
                <td>{discountOf(code)}</td>
                <td>
                  {appointments.find((one) => one.id === relationships.appointment.data?.id)?.title ??
                    m.console_discount_every_appointment()}
                </td>
                <td>{code.validUntil ? formatDateTime(code.validUntil, locale, timeZone) : "—"}</td>
                <td>{m.console_discount_uses_of({ taken: code.usesTaken, max: code.maxUses })}</td>
                <td>{code.perPersonLimit ?? "—"}</td>
                <td>{code.active ? m.console_discount_active() : m.console_discount_off()}</td>
                {organiser && (
                  <td>
                    <Form method="post" className="console-actions">
                      <input type="hidden" name="codeId" value={id} />
                      <button
                        type="submit"
                        name="intent"
                        value={code.active ? "switch-off" : "switch-on"}
                        className="button"
                        aria-label={`${code.active ? m.console_discount_switch_off() : m.console_discount_switch_on()} ${code.code}`}
                      >
                        {code.active ? m.console_discount_switch_off() : m.console_discount_switch_on()}
                      </button>
                      {code.usesTaken === 0 && (
                        <button
                          type="submit"
                          name="intent"
                          value="delete"
                          className="button button-danger"
                          aria-label={`${m.console_discount_delete()} ${code.code}`}
                        >
                          {m.console_discount_delete()}
                        </button>
                      )}
                    </Form>
                  </td>
                )}
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
      {organiser && codes.length > 0 && (
        <section aria-labelledby="discount-change-title" className="console-section">
          <h2 id="discount-change-title">{m.console_discount_change_title()}</h2>
          {codes.map((code) => (
            <ChangeCode
              key={code.id}
              code={code}
              timeZone={timeZone}
              lastResult={changed?.codeId === code.id ? changed.result : undefined}
            />
          ))}
        </section>
      )}
      {organiser && (
        <NewCode
          lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          timeZone={timeZone}
          appointments={appointments}
          appointment={actionData && "appointment" in actionData ? actionData.appointment : undefined}
        />
      )}
    </main>
  );
}

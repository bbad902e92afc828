import { getFormProps } from "@conform-to/react";
import { ApiError } from "@sports/jsonapi";
import { Form, useLoaderData } from "react-router";
import type { Texts } from "../../console/catalogue-form.tsx";
import { localFrom, textIn } from "../../console/catalogue-form.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { TableScroll } from "../../console/table-scroll.tsx";
import { languageContext, siteContext } from "../../context.ts";
import {
  codeSwitchForm,
  discountCodeAttributes,
  discountCodeChange,
  discountCodeChangeForm,
  discountCodeForm,
  discountCodeLimitsForm,
} from "../../forms/console-discount-codes.ts";
import { FieldErrors, FormErrors, SelectField, TextField } from "../../forms/fields.tsx";
import { replyWithApiError, replyWithErrors } from "../../forms/reply.ts";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../../forms/use-site-form.ts";
import { readApi } from "../../lib/api.ts";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/discount-codes.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_discount_codes_title());
}

interface DiscountCode {
  id: string;
  attributes: {
    code: string;
    kind: "percent" | "amount";
    value: number;
    currency: string | null;
    validFrom: string | null;
    validUntil: string | null;
    maxUses: number;
    usesTaken: number;
    perPersonLimit: number | null;
    members: string[];
    active: boolean;
  };
  relationships: { appointment: { data: { id: string } | null } };
}

interface ConsoleEvent {
  data: { attributes: { timeZone: string } };
  included?: { type: string; id: string; attributes: { slug: string; title?: Texts } }[];
}

/**
 * An event's discount codes with their uses (`GET /api/discount-codes?filter[event]=…`), with the
 * event's time zone and appointments for the form.
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
  return { eventId: params.id, codes: codes.data, timeZone: event.data.attributes.timeZone, appointments };
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
      return { intent, codeId, result: replyWithApiError(change, error, { messages: changeRefusals }) };
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
    return { intent: "create", result: replyWithApiError(submission, error, { messages: refusals }) };
  }
  return { intent: "create", result: submission.reply({ resetForm: true }), created: submission.value.code };
}

/** An event's discount codes: a table with their uses against their limit, switching off, and a form for a new one. */
export default function DiscountCodes({ actionData }: Route.ComponentProps) {
  const { eventId, codes, timeZone, appointments } = useLoaderData<typeof loader>();
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
      <EventTabs eventId={eventId} />
      <h1>{m.console_discount_codes_title()}</h1>
      <p>{m.console_discount_codes_lead()}</p>
      {actionData && "created" in actionData && actionData.created && (
        <p className="notice notice-ok" role="status">
          {m.console_discount_created({ code: actionData.created.toUpperCase().replace(/\s+/g, "") })}
        </p>
      )}
      {changed && "saved" in changed && changed.saved && (
        <p className="notice notice-ok" role="status">
          {m.console_discount_saved({ code: codes.find((one) => one.id === changed.codeId)?.attributes.code ?? "" })}
        </p>
      )}
      {refused && (
        <div className="notice notice-warning" role="alert">
          {Object.values(refused)
            .flat()
            .map((text) => (
              <p key={text}>{text}</p>
            ))}
        </div>
      )}
      <section aria-labelledby="discount-codes-list">
        <h2 id="discount-codes-list">{m.console_discount_list()}</h2>
        {codes.length === 0 ? (
          <p>{m.console_discount_empty()}</p>
        ) : (
          <TableScroll labelledBy="discount-codes-list">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{m.console_discount_code()}</th>
                  <th scope="col">{m.console_discount_value()}</th>
                  <th scope="col">{m.console_discount_appointment()}</th>
                  <th scope="col">{m.console_discount_valid_until()}</th>
                  <th scope="col">{m.console_discount_uses()}</th>
                  <th scope="col">{m.console_discount_per_person()}</th>
                  <th scope="col">{m.console_discount_state()}</th>
                  {organiser && <th scope="col">{m.console_team_actions()}</th>}
                </tr>
              </thead>
              <tbody>
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
                            className="button button-quiet"
                            aria-label={`${code.active ? m.console_discount_switch_off() : m.console_discount_switch_on()} ${code.code}`}
                          >
                            {code.active ? m.console_discount_switch_off() : m.console_discount_switch_on()}
                          </button>
                          {code.usesTaken === 0 && (
                            <button
                              type="submit"
                              name="intent"
                              value="delete"
                              className="button button-quiet"
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
              </tbody>
            </table>
          </TableScroll>
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
        />
      )}
    </main>
  );
}

function NewCode({
  lastResult,
  timeZone,
  appointments,
}: {
  lastResult: Parameters<typeof useSiteForm>[0]["lastResult"];
  timeZone: string;
  appointments: { id: string; title: string }[];
}) {
  const [form, fields] = useSiteForm({
    id: "discount-code",
    schema: discountCodeForm,
    lastResult,
    defaultValue: { kind: "percent", currency: "EUR" },
  });
  const labels = {
    code: m.console_discount_code(),
    kind: m.console_discount_kind(),
    value: m.console_discount_value(),
    currency: m.console_discount_currency(),
    maxUses: m.console_discount_max_uses(),
    perPersonLimit: m.console_discount_per_person(),
    members: m.console_discount_members_field(),
    appointment: m.console_discount_appointment(),
    validFrom: m.console_discount_valid_from(),
    validUntil: m.console_discount_valid_until(),
  };
  return (
    <section aria-labelledby="discount-new-title" className="console-section">
      <h2 id="discount-new-title">{m.console_discount_new()}</h2>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        <TextField field={fields.code} label={labels.code} autoComplete="off" required />
        <SelectField field={fields.kind} label={labels.kind} required>
          <option value="percent">{m.console_discount_kind_percent()}</option>
          <option value="amount">{m.console_discount_kind_amount()}</option>
        </SelectField>
        <TextField
          field={fields.value}
          label={labels.value}
          hint={m.console_discount_value_hint()}
          inputMode="decimal"
          required
        />
        <TextField field={fields.currency} label={labels.currency} hint={m.console_discount_currency_hint()} />
        <input type="hidden" name="timeZone" value={timeZone} />
        <SelectField field={fields.appointment} label={labels.appointment}>
          <option value="">{m.console_discount_every_appointment()}</option>
          {appointments.map((one) => (
            <option key={one.id} value={one.id}>
              {one.title}
            </option>
          ))}
        </SelectField>
        <TextField
          field={fields.validFrom}
          label={labels.validFrom}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <TextField
          field={fields.validUntil}
          label={labels.validUntil}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <TextField field={fields.maxUses} label={labels.maxUses} inputMode="numeric" required />
        <TextField
          field={fields.perPersonLimit}
          label={labels.perPersonLimit}
          hint={m.console_discount_per_person_hint()}
          inputMode="numeric"
        />
        <div className="field">
          <label htmlFor={fields.members.id}>{labels.members}</label>
          <p className="field-hint" id={`${fields.members.id}-hint`}>
            {m.console_discount_members_hint()}
          </p>
          <textarea
            id={fields.members.id}
            name={fields.members.name}
            rows={3}
            aria-describedby={`${fields.members.id}-hint`}
          />
        </div>
        <SubmitButton name="intent" value="create">
          {m.console_discount_create()}
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * One code's change, folded under its name (open again when the last try was refused): its limits,
 * validity and members, and, while nobody used it, its text and discount; once used, those are shown
 * with the reason they stay as they are.
 */
function ChangeCode({
  code: { id, attributes: code },
  timeZone,
  lastResult,
}: {
  code: DiscountCode;
  timeZone: string;
  lastResult: Parameters<typeof useSiteForm>[0]["lastResult"];
}) {
  const { locale } = useRootData();
  const used = code.usesTaken > 0;
  const amount = code.kind === "amount";
  const [form, fields] = useSiteForm({
    id: `discount-code-${id}`,
    // A used code's form checks only its limits; its fields are typed as the whole change's.
    schema: used ? (discountCodeLimitsForm as unknown as typeof discountCodeChangeForm) : discountCodeChangeForm,
    lastResult,
    defaultValue: {
      codeId: id,
      code: code.code,
      kind: code.kind,
      value: amount ? String(code.value / 100) : String(code.value),
      currency: code.currency ?? "",
      maxUses: String(code.maxUses),
      perPersonLimit: code.perPersonLimit === null ? "" : String(code.perPersonLimit),
      validFrom: localFrom(code.validFrom, timeZone),
      validUntil: localFrom(code.validUntil, timeZone),
      members: code.members.join("\n"),
    },
  });
  const labels = {
    code: m.console_discount_code(),
    kind: m.console_discount_kind(),
    value: m.console_discount_value(),
    currency: m.console_discount_currency(),
    maxUses: m.console_discount_max_uses(),
    perPersonLimit: m.console_discount_per_person(),
    members: m.console_discount_members_field(),
    validFrom: m.console_discount_valid_from(),
    validUntil: m.console_discount_valid_until(),
  };
  const refused = Boolean(lastResult?.error && Object.keys(lastResult.error).length > 0);
  const members = fields.members;
  const membersInvalid = Boolean(members.errors?.length);
  return (
    <details className="console-code-change" open={refused || undefined}>
      <summary>{m.console_discount_change({ code: code.code })}</summary>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        <input type="hidden" name="codeId" value={id} />
        <input type="hidden" name="timeZone" value={timeZone} />
        {used ? (
          <div className="field">
            <p className="console-hint">{m.console_discount_locked()}</p>
            <dl className="console-facts">
              <dt>{labels.code}</dt>
              <dd>{code.code}</dd>
              <dt>{labels.value}</dt>
              <dd>
                {amount
                  ? formatPrice(code.value, code.currency ?? "EUR", locale)
                  : m.console_discount_percent({ percent: code.value })}
              </dd>
            </dl>
          </div>
        ) : (
          <>
            <TextField field={fields.code} label={labels.code} autoComplete="off" required />
            <SelectField field={fields.kind} label={labels.kind} required>
              <option value="percent">{m.console_discount_kind_percent()}</option>
              <option value="amount">{m.console_discount_kind_amount()}</option>
            </SelectField>
            <TextField
              field={fields.value}
              label={labels.value}
              hint={m.console_discount_value_hint()}
              inputMode="decimal"
              required
            />
            <TextField field={fields.currency} label={labels.currency} hint={m.console_discount_currency_hint()} />
          </>
        )}
        <TextField
          field={fields.maxUses}
          label={labels.maxUses}
          hint={used ? m.console_discount_uses_of({ taken: code.usesTaken, max: code.maxUses }) : undefined}
          inputMode="numeric"
          required
        />
        <TextField
          field={fields.perPersonLimit}
          label={labels.perPersonLimit}
          hint={m.console_discount_per_person_hint()}
          inputMode="numeric"
        />
        <TextField
          field={fields.validFrom}
          label={labels.validFrom}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <TextField
          field={fields.validUntil}
          label={labels.validUntil}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <div className="field">
          <label htmlFor={members.id}>{labels.members}</label>
          <p className="field-hint" id={`${members.id}-hint`}>
            {m.console_discount_members_hint()}
          </p>
          <textarea
            id={members.id}
            name={members.name}
            rows={3}
            defaultValue={typeof members.initialValue === "string" ? members.initialValue : ""}
            key={members.key}
            aria-invalid={membersInvalid || undefined}
            aria-describedby={[`${members.id}-hint`, membersInvalid ? members.errorId : ""].join(" ").trim()}
          />
          <FieldErrors field={members} />
        </div>
        <SubmitButton name="intent" value="update">
          {m.console_discount_save()}
        </SubmitButton>
      </Form>
    </details>
  );
}

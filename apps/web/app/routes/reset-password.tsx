import { getFormProps } from "@conform-to/react";
import { Form, redirect } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { resourceBody } from "../auth/session.ts";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import { resetCompletionForm, resetRequestForm } from "../forms/account.ts";
import { FormErrors, TextField } from "../forms/fields.tsx";
import { NewPasswordField } from "../forms/password-field.tsx";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/reset-password.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.reset_title());
}

/** Without a token: ask for the mail. With `?token=` (the mailed link): choose the new password. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const formData = await request.formData();
  const token = formData.get("token");

  if (typeof token === "string" && token) {
    const submission = parseForm(formData, resetCompletionForm);
    if (submission.status !== "success") return { result: replyWithErrors(submission) };
    try {
      await api.patch(
        `/api/password-resets/${encodeURIComponent(token)}`,
        resourceBody("password-resets", { password: submission.value.password }),
      );
    } catch (error) {
      return { result: replyWithApiError(submission, error) };
    }
    throw redirect(`${prefix}/${ACCOUNT_PATHS.login}?done=password-reset`);
  }

  const submission = parseForm(formData, resetRequestForm);
  if (submission.status !== "success") return { result: replyWithErrors(submission) };
  try {
    await api.post("/api/password-resets", resourceBody("password-resets", { email: submission.value.email }));
  } catch (error) {
    return { result: replyWithApiError(submission, error) };
  }
  // The same words whether or not the address has an account.
  return { sentTo: submission.value.email };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <main id="content" className="container section narrow account-page">
      <h1>{m.reset_title()}</h1>
      {loaderData.token ? (
        <NewPassword token={loaderData.token} lastResult={lastResult} />
      ) : actionData && "sentTo" in actionData ? (
        <div className="notice notice-ok" role="status">
          <p>{m.reset_sent({ email: actionData.sentTo ?? "" })}</p>
          <p>{m.reset_sent_hint()}</p>
        </div>
      ) : (
        <RequestLink lastResult={lastResult} />
      )}
      <p className="account-switch">
        <SiteLink to={`/${ACCOUNT_PATHS.login}`}>{m.reset_back_to_login()}</SiteLink>
      </p>
    </main>
  );
}

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

function RequestLink({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSiteForm({ id: "reset-request", schema: resetRequestForm, lastResult });
  const labels = { email: m.field_email() };
  return (
    <Form method="post" {...getFormProps(form)} className="account-form">
      <p>{m.reset_lead()}</p>
      <FormErrors form={form} labels={labels} />
      <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" inputMode="email" />
      <SubmitButton>{m.reset_request_submit()}</SubmitButton>
    </Form>
  );
}

function NewPassword({ token, lastResult }: { token: string; lastResult: LastResult }) {
  const [form, fields] = useSiteForm({ id: "reset-completion", schema: resetCompletionForm, lastResult });
  const labels = { password: m.field_new_password() };
  const linkFailed = form.errors?.includes(m.form_link_not_valid());
  return (
    <Form method="post" {...getFormProps(form)} className="account-form">
      <p>{m.reset_choose_lead()}</p>
      <FormErrors form={form} labels={labels} />
      {linkFailed && (
        <p>
          <SiteLink to={`/${ACCOUNT_PATHS.resetPassword}`}>{m.reset_request_again()}</SiteLink>
        </p>
      )}
      <input type="hidden" name="token" value={token} />
      <NewPasswordField field={fields.password} label={labels.password} />
      <SubmitButton>{m.reset_choose_submit()}</SubmitButton>
    </Form>
  );
}

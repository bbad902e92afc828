import { getFormProps } from "@conform-to/react";
import type { ApiClient } from "@sports/jsonapi";
import { Form, redirect } from "react-router";
import { ACCOUNT_PATHS, safeRedirect } from "../access.ts";
import { isRefusal, redirectWithCookies, resourceBody } from "../auth/session.ts";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext, visitorContext } from "../context.ts";
import { loginForm } from "../forms/account.ts";
import { FormErrors, TextField } from "../forms/fields.tsx";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { continueSignup, pendingSignup, SIGNUP_AFTER_LOGIN } from "../signup/after-login.ts";
import type { Route } from "./+types/login.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

/** What a redirect to this page may announce (`?done=`), after a change made elsewhere. */
const NOTICES = {
  "password-reset": () => m.login_notice_password_reset(),
  "logged-out": () => m.login_notice_logged_out(),
  "account-deleted": () => m.login_notice_account_deleted(),
} as const;

export function meta() {
  return privatePageMeta(m.login_title());
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { prefix } = context.get(languageContext);
  const redirectTo = url.searchParams.get("redirectTo") ?? "";
  // Already logged in: straight on to where the login would have led.
  if (context.get(visitorContext)) throw redirect(safeRedirect(redirectTo, prefix || "/"));
  const done = url.searchParams.get("done");
  // Sent here by a "Sign up" button: say what for; the signup goes on after the login.
  const signup = url.searchParams.has(SIGNUP_AFTER_LOGIN) ? await pendingSignup(context, redirectTo) : null;
  return {
    redirectTo,
    signupFor: signup?.title ?? null,
    notice: done && done in NOTICES ? (done as keyof typeof NOTICES) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const formData = await request.formData();
  if (formData.get("intent") === "logout") return logout(api, prefix);

  const submission = parseForm(formData, loginForm);
  if (submission.status !== "success") return replyWithErrors(submission);
  const { email, password, redirectTo } = submission.value;
  let answer: Awaited<ReturnType<ApiClient["post"]>>;
  try {
    answer = await api.post("/api/sessions", resourceBody("sessions", { email, password, setCookie: true }));
  } catch (error) {
    return replyWithApiError(submission, error);
  }
  const signup = formData.has(SIGNUP_AFTER_LOGIN) ? await pendingSignup(context, redirectTo) : null;
  if (signup) return continueSignup(context, signup, answer);
  throw redirectWithCookies(safeRedirect(redirectTo, prefix || "/"), answer);
}

async function logout(api: ApiClient, prefix: string): Promise<never> {
  // Logging out of a session that has already ended is still a logout: the API clears its cookie either way.
  const answer = await api.delete("/api/sessions/current").catch((error: unknown) => {
    if (isRefusal(error, 401)) return error;
    throw error;
  });
  throw redirectWithCookies(`${prefix}/${ACCOUNT_PATHS.login}?done=logged-out`, answer);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, notice, signupFor } = loaderData;
  const [form, fields] = useSiteForm({ id: "login", schema: loginForm, lastResult: actionData });
  const labels = { email: m.field_email(), password: m.field_password() };
  const back = new URLSearchParams(redirectTo ? { redirectTo } : {});
  if (signupFor) back.set(SIGNUP_AFTER_LOGIN, "");
  const registration = `/${ACCOUNT_PATHS.registration}${back.size ? `?${back}` : ""}`;
  return (
    <main id="content" className="container section narrow account-page">
      <h1>{m.login_title()}</h1>
      {signupFor && <p className="lead">{m.login_signup_reason({ title: signupFor })}</p>}
      {notice && (
        <p className="notice notice-ok" role="status">
          {NOTICES[notice]()}
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        {signupFor && <input type="hidden" name={SIGNUP_AFTER_LOGIN} value="" />}
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" inputMode="email" />
        <TextField field={fields.password} label={labels.password} type="password" autoComplete="current-password" />
        <p className="form-aside">
          <SiteLink to={`/${ACCOUNT_PATHS.resetPassword}`}>{m.login_forgot_password()}</SiteLink>
        </p>
        <SubmitButton>{m.login_submit()}</SubmitButton>
      </Form>
      <p className="account-switch">
        {m.login_no_account()} <SiteLink to={registration}>{m.login_create_account()}</SiteLink>
      </p>
    </main>
  );
}

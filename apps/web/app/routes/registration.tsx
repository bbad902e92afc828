import { getFormProps } from "@conform-to/react";
import type { ApiClient, DataDocument } from "@sports/jsonapi";
import { Form, redirect } from "react-router";
import { ACCOUNT_PATHS, safeRedirect } from "../access.ts";
import { updateVisitor } from "../auth/guard.ts";
import { isRefusal, redirectWithCookies, resourceBody } from "../auth/session.ts";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext, visitorContext } from "../context.ts";
import { registrationForm } from "../forms/account.ts";
import { CheckboxField, FormErrors, TextField } from "../forms/fields.tsx";
import { NewPasswordField } from "../forms/password-field.tsx";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { continueSignup, pendingSignup, SIGNUP_AFTER_LOGIN } from "../signup/after-login.ts";
import type { Route } from "./+types/registration.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.registration_title());
}

/**
 * The registration form; with `?verifica=` (the link mailed after registering or changing address)
 * a button that confirms the address. A button, not the link itself: mail scanners open links,
 * and must not spend the token.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("verifica");
  if (token !== null) return { mode: "verify" as const, token, redirectTo: "", signupFor: null };
  const { prefix } = context.get(languageContext);
  const redirectTo = url.searchParams.get("redirectTo") ?? "";
  if (context.get(visitorContext)) throw redirect(safeRedirect(redirectTo, `${prefix}/${ACCOUNT_PATHS.profile}`));
  // Sent here by a "Sign up" button (through the login page): say what for; the signup goes on after.
  const signup = url.searchParams.has(SIGNUP_AFTER_LOGIN) ? await pendingSignup(context, redirectTo) : null;
  return { mode: "register" as const, token: "", redirectTo, signupFor: signup?.title ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  const formData = await request.formData();
  if (formData.get("intent") === "verify") {
    const { outcome, document } = await verify(api, String(formData.get("token")));
    updateVisitor(context, document);
    return { verification: outcome };
  }

  const submission = parseForm(formData, registrationForm);
  if (submission.status !== "success") return { result: replyWithErrors(submission) };
  const { redirectTo, acceptTerms, ...person } = submission.value;
  let answer: Awaited<ReturnType<ApiClient["post"]>>;
  try {
    answer = await api.post(
      "/api/users",
      resourceBody("users", { ...person, acceptTerms, preferredLocale: locale, setCookie: true }),
    );
  } catch (error) {
    return { result: replyWithApiError(submission, error) };
  }
  // The new account is logged in at once, and may sign up before confirming its address.
  const signup = formData.has(SIGNUP_AFTER_LOGIN) ? await pendingSignup(context, redirectTo) : null;
  if (signup) return continueSignup(context, signup, answer);
  throw redirectWithCookies(safeRedirect(redirectTo, `${prefix}/${ACCOUNT_PATHS.profile}?done=registered`), answer);
}

async function verify(
  api: ApiClient,
  token: string,
): Promise<{ outcome: "verified" | "invalid" | "taken"; document?: DataDocument | undefined }> {
  try {
    const answer = await api.post(`/api/email-verifications/${encodeURIComponent(token)}`, undefined);
    return { outcome: "verified", document: answer.document };
  } catch (error) {
    if (isRefusal(error, 404) || isRefusal(error, 400)) return { outcome: "invalid" };
    if (isRefusal(error, 409)) return { outcome: "taken" };
    throw error;
  }
}

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "verify")
    return (
      <Verification
        token={loaderData.token}
        outcome={actionData && "verification" in actionData ? actionData.verification : undefined}
      />
    );
  return (
    <RegistrationForm
      redirectTo={loaderData.redirectTo}
      signupFor={loaderData.signupFor}
      lastResult={actionData && "result" in actionData ? actionData.result : undefined}
    />
  );
}

function RegistrationForm({
  redirectTo,
  signupFor,
  lastResult,
}: {
  redirectTo: string;
  signupFor: string | null;
  lastResult: Parameters<typeof useSiteForm>[0]["lastResult"];
}) {
  const [form, fields] = useSiteForm({ id: "registration", schema: registrationForm, lastResult });
  const labels = {
    givenName: m.field_given_name(),
    familyName: m.field_family_name(),
    email: m.field_email(),
    password: m.field_password(),
    acceptTerms: m.registration_terms_label(),
  };
  const back = new URLSearchParams(redirectTo ? { redirectTo } : {});
  if (signupFor) back.set(SIGNUP_AFTER_LOGIN, "");
  const login = `/${ACCOUNT_PATHS.login}${back.size ? `?${back}` : ""}`;
  return (
    <main id="content" className="container section narrow account-page">
      <h1>{m.registration_title()}</h1>
      <p className="lead">{signupFor ? m.registration_signup_reason({ title: signupFor }) : m.registration_lead()}</p>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        {signupFor && <input type="hidden" name={SIGNUP_AFTER_LOGIN} value="" />}
        <TextField field={fields.givenName} label={labels.givenName} autoComplete="given-name" />
        <TextField field={fields.familyName} label={labels.familyName} autoComplete="family-name" />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" inputMode="email" />
        <NewPasswordField field={fields.password} label={labels.password} />
        <CheckboxField
          field={fields.acceptTerms}
          label={
            <>
              {m.registration_terms_before()} <SiteLink to="/terms">{m.footer_terms()}</SiteLink>{" "}
              {m.registration_terms_and()} <SiteLink to="/privacy">{m.registration_privacy_link()}</SiteLink>
            </>
          }
        />
        <SubmitButton>{m.registration_submit()}</SubmitButton>
      </Form>
      <p className="account-switch">
        {m.registration_have_account()} <SiteLink to={login}>{m.nav_login()}</SiteLink>
      </p>
    </main>
  );
}

function Verification({ token, outcome }: { token: string; outcome: "verified" | "invalid" | "taken" | undefined }) {
  return (
    <main id="content" className="container section narrow account-page">
      <h1>{m.verify_title()}</h1>
      {outcome === "verified" ? (
        <>
          <p className="notice notice-ok" role="status">
            {m.verify_done()}
          </p>
          <p>
            <SiteLink to="/" className="button button-primary">
              {m.verify_continue()}
            </SiteLink>
          </p>
        </>
      ) : outcome ? (
        <>
          <p className="notice notice-warning" role="alert">
            {outcome === "taken" ? m.verify_taken() : m.verify_invalid()}
          </p>
          <p>
            <SiteLink to={`/${ACCOUNT_PATHS.profile}`}>{m.verify_to_profile()}</SiteLink>
          </p>
        </>
      ) : (
        <Form method="post" className="account-form">
          <p>{m.verify_lead()}</p>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="token" value={token} />
          <SubmitButton>{m.verify_submit()}</SubmitButton>
        </Form>
      )}
    </main>
  );
}

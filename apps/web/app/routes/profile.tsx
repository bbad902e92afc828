import {
  type ApiClient,
  ApiError,
  type BillingDocumentAttributes,
  type DataDocument,
  type ResourceObject,
} from "@sports/jsonapi";
import type { z } from "zod";
import { ACCOUNT_PATHS } from "../access.ts";
import { CONSOLE_ROLES, CONSOLE_ROOT } from "../auth/console-roles.ts";
import { requireVisitor, updateVisitor } from "../auth/guard.ts";
import { redirectWithCookies, resourceBody } from "../auth/session.ts";
import type { BillingDocumentItem } from "../components/billing-documents.tsx";
import type { MyResult } from "../components/my-results.tsx";
import { MySignups } from "../components/my-signups.tsx";
import { MyWaitingLists, type WaitingListItem } from "../components/my-waiting-lists.tsx";
import {
  AccountDeletion,
  DataDownload,
  EmailChange,
  PasswordChange,
  PersonalData,
} from "../components/profile-sections.tsx";
import { uploadParticipantCertificate } from "../components/signup-certificates.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import {
  accountDeletionForm,
  emailChangeForm,
  passwordChangeForm,
  personalDataAttributes,
  personalDataForm,
} from "../forms/account.ts";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { cancelSignupForm } from "../forms/signup.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { countryOptions } from "../lib/countries.ts";
import { loadIntoStore } from "../lib/record-store.ts";
import { privatePageMeta } from "../lib/seo.ts";
import { useLoaderRecords } from "../lib/use-records.ts";
import * as m from "../paraglide/messages.js";
import { leaveWaitingList } from "../signup/waiting-list.ts";
import type { Route } from "./+types/profile.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.profile_title());
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = requireVisitor(context, request);
  const welcome = new URL(request.url).searchParams.get("done") === "registered";
  const [signups, waitingLists, results] = await Promise.all([
    mySignups(context),
    myWaitingLists(context),
    myResults(context),
  ]);
  const countries = countryOptions(context.get(languageContext).locale);
  return { visitor, welcome, waitingLists, results, countries, ...signups };
}

/** The published results of everyone the visitor signed up (`GET /api/users/me/results`); none if the API cannot say now. */
async function myResults(context: Route.LoaderArgs["context"]): Promise<MyResult[]> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/users/me/results");
    return document.data.map((result) => {
      const meta = result.meta as { signup: string; diploma: string };
      return {
        ...(result.attributes as Omit<MyResult, "id" | "signupId" | "diploma">),
        id: result.id,
        ...meta,
        signupId: meta.signup,
      };
    });
  } catch (error) {
    if (ApiError.is(error) && error.status !== 401) return [];
    throw error;
  }
}

/** The visitor's waiting lists (`GET /api/waiting-list-entries`), newest first; none if the API cannot say now. */
async function myWaitingLists(context: Route.LoaderArgs["context"]): Promise<WaitingListItem[]> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/waiting-list-entries", {
      query: { locale: context.get(languageContext).locale },
    });
    return document.data.map((entry) => {
      const attributes = entry.attributes as Omit<WaitingListItem, "id" | "signupId">;
      const signup = entry.relationships?.signup?.data as { id: string } | null | undefined;
      return { ...attributes, id: entry.id, signupId: signup?.id ?? null };
    });
  } catch (error) {
    if (ApiError.is(error) && error.status !== 401) return [];
    throw error;
  }
}

/**
 * Always the server's answer: which signups the visitor has, and where each stands, change on the
 * server (holds lapse, payments arrive). The records go into the browser's store, where the list
 * reads them (docs/decisions/016-record-store.md).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadIntoStore(serverLoader);
}

/**
 * The visitor's signups, newest first, by id (the records are in the store), with the billing
 * documents of those paid for; null if the API cannot say now (the rest of the page still works).
 */
async function mySignups(context: Route.LoaderArgs["context"]): Promise<{
  signupIds: string[] | null;
  documents: DataDocument[];
  billingDocuments: Record<string, BillingDocumentItem[]>;
  clubNames: Record<string, string>;
}> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/signups", {
      query: { locale: context.get(languageContext).locale },
    });
    const [billingDocuments, clubNames] = await Promise.all([
      billingDocumentsOf(context, document.data),
      clubNamesOf(context, document.data),
    ]);
    return { signupIds: document.data.map((signup) => signup.id), documents: [document], billingDocuments, clubNames };
  } catch (error) {
    if (ApiError.is(error) && error.status !== 401)
      return { signupIds: null, documents: [], billingDocuments: {}, clubNames: {} };
    throw error;
  }
}

/**
 * The names of the clubs whose entries are among `signups` (docs/decisions/068-club-entries.md), by
 * club id, from the visitor's clubs (`GET /api/clubs`), asked only when there is one; none if the
 * API cannot say now.
 */
async function clubNamesOf(
  context: Route.LoaderArgs["context"],
  signups: readonly ResourceObject[],
): Promise<Record<string, string>> {
  const hasClub = (signup: ResourceObject) => {
    const club = signup.relationships?.club?.data;
    return Boolean(club && !Array.isArray(club));
  };
  if (!signups.some(hasClub)) return {};
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/clubs", { keep: false });
    return Object.fromEntries(document.data.map((club) => [club.id, String(club.attributes?.name ?? "")]));
  } catch (error) {
    if (ApiError.is(error) && error.status !== 401) return {};
    throw error;
  }
}

/** Signups a payment may have given documents: paid ones, and those cancelled (a refund's document). */
const BILLED_STATES: readonly unknown[] = ["confirmed", "cancelled"];

/**
 * The billing documents of each of `signups` that may have some (`GET /api/signups/{id}/billing-documents`),
 * all asked at once, by signup id; a signup whose documents the API cannot say now lists none.
 */
async function billingDocumentsOf(
  context: Route.LoaderArgs["context"],
  signups: readonly ResourceObject[],
): Promise<Record<string, BillingDocumentItem[]>> {
  const { api } = context.get(siteContext);
  const billed = signups.filter((signup) => BILLED_STATES.includes(signup.attributes?.state));
  const lists = await Promise.all(
    billed.map(async (signup): Promise<[string, BillingDocumentItem[]]> => {
      try {
        const { document } = await api.get<DataDocument<ResourceObject[]>>(
          `/api/signups/${encodeURIComponent(signup.id)}/billing-documents`,
          { keep: false },
        );
        return [signup.id, document.data.map(billingDocumentItem)];
      } catch (error) {
        if (ApiError.is(error) && error.status !== 401) return [signup.id, []];
        throw error;
      }
    }),
  );
  return Object.fromEntries(lists.filter(([, items]) => items.length > 0));
}

function billingDocumentItem(resource: ResourceObject): BillingDocumentItem {
  const attributes = resource.attributes as unknown as BillingDocumentAttributes;
  return {
    id: resource.id,
    kind: attributes.kind,
    number: attributes.number,
    issuedOn: attributes.issuedOn,
    total: attributes.total,
    currency: attributes.currency,
    pdf: String(resource.links?.pdf ?? `/api/billing-documents/${encodeURIComponent(resource.id)}.pdf`),
  };
}

type Intent =
  | "personal-data"
  | "email"
  | "password"
  | "delete"
  | "cancel-signup"
  | "certificate"
  | "leave-waiting-list";

export async function action({ request, context }: Route.ActionArgs) {
  requireVisitor(context, request);
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as Intent;

  // Each section is its own form; the answer says which one it belongs to.
  const change = async <Schema extends z.ZodType<Record<string, unknown>>>(
    schema: Schema,
    attributes: (value: z.output<Schema>) => Record<string, unknown> = (value) => value,
  ) => {
    const submission = parseForm(formData, schema);
    if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
    try {
      const answer = await api.patch("/api/users/me", resourceBody("users", attributes(submission.value)));
      const pendingEmail = answer.document?.meta?.pendingEmail;
      updateVisitor(context, answer.document);
      return { intent, result: submission.reply({ resetForm: intent !== "personal-data" }), saved: true, pendingEmail };
    } catch (error) {
      return { intent, result: replyWithApiError(submission, error) };
    }
  };

  switch (intent) {
    case "personal-data":
      return change(personalDataForm, personalDataAttributes);
    case "email":
      return change(emailChangeForm);
    case "password":
      return change(passwordChangeForm);
    case "cancel-signup": {
      const submission = parseForm(formData, cancelSignupForm);
      const signupId = String(formData.get("signupId") ?? "");
      if (submission.status !== "success") return { intent, signupId, result: replyWithErrors(submission) };
      try {
        await api.patch(`/api/signups/${encodeURIComponent(signupId)}`, {
          data: { type: "signups", id: signupId, attributes: { state: "cancelled" } },
        });
      } catch (error) {
        return { intent, signupId, result: replyWithApiError(submission, error) };
      }
      return { intent, signupId, result: submission.reply({ resetForm: true }), saved: true };
    }
    case "certificate":
      return { intent, ...(await uploadParticipantCertificate(context, formData)) };
    case "leave-waiting-list":
      await leaveWaitingList(context, String(formData.get("entryId") ?? ""));
      return { intent, saved: true };
    case "delete": {
      const submission = parseForm(formData, accountDeletionForm);
      if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
      let answer: Awaited<ReturnType<ApiClient["delete"]>>;
      try {
        answer = await api.delete("/api/users/me");
      } catch (error) {
        return { intent, result: replyWithApiError(submission, error) };
      }
      throw redirectWithCookies(`${prefix}/${ACCOUNT_PATHS.login}?done=account-deleted`, answer);
    }
    default:
      return null;
  }
}

type ActionData = Route.ComponentProps["actionData"];
const resultFor = (actionData: ActionData, intent: Intent) =>
  actionData && actionData.intent === intent ? actionData.result : undefined;
const savedFor = (actionData: ActionData, intent: Intent) =>
  Boolean(actionData && actionData.intent === intent && "saved" in actionData && actionData.saved);

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { visitor, welcome, signupIds, waitingLists, results, billingDocuments, clubNames } = loaderData;
  useLoaderRecords(loaderData.documents);
  const cancellation =
    actionData && actionData.intent === "cancel-signup" && "signupId" in actionData ? actionData : null;
  const pendingEmail =
    actionData && "pendingEmail" in actionData && typeof actionData.pendingEmail === "string"
      ? actionData.pendingEmail
      : undefined;
  return (
    <main id="content" className="container section narrow account-page profile">
      <h1>{m.profile_title()}</h1>
      {CONSOLE_ROLES.includes(visitor.role) ? (
        <p>
          <SiteLink to={`/${CONSOLE_ROOT}`} className="button">
            {m.console_title()}
          </SiteLink>
        </p>
      ) : null}
      {welcome && (
        <p className="notice notice-ok" role="status">
          {m.profile_welcome({ email: visitor.email })}
        </p>
      )}
      <MySignups
        signupIds={signupIds}
        results={results}
        billingDocuments={billingDocuments}
        clubNames={clubNames}
        certificate={
          actionData && actionData.intent === "certificate" && "position" in actionData ? actionData : undefined
        }
        cancelled={cancellation && savedFor(actionData, "cancel-signup") ? cancellation.signupId : undefined}
        lastResult={
          cancellation && !savedFor(actionData, "cancel-signup")
            ? { signupId: cancellation.signupId, result: cancellation.result }
            : undefined
        }
      />
      <MyWaitingLists items={waitingLists} left={savedFor(actionData, "leave-waiting-list")} />
      <PersonalData
        visitor={visitor}
        countries={loaderData.countries}
        lastResult={resultFor(actionData, "personal-data")}
        saved={savedFor(actionData, "personal-data")}
      />
      <EmailChange
        email={visitor.email}
        verified={visitor.emailVerified}
        pendingEmail={pendingEmail}
        lastResult={resultFor(actionData, "email")}
      />
      <PasswordChange lastResult={resultFor(actionData, "password")} saved={savedFor(actionData, "password")} />
      <DataDownload />
      <AccountDeletion lastResult={resultFor(actionData, "delete")} />
    </main>
  );
}

import { ApiError, type DataDocument } from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "../auth/guard.ts";
import { resourceBody } from "../auth/session.ts";
import { languageContext, siteContext, visitorContext } from "../context.ts";
import { type SignupPlace, signupPath, startPath } from "./paths.ts";

/** The refusals a visitor is told as such; anything else (an appointment gone meanwhile) is "not possible now". */
const REFUSALS = ["sold-out", "not-open", "closed", "not-eligible", "too-many-participants"];

/** What the "Sign up" button's form answers when the API refuses: the refusal's code, for a message. */
export interface SignupRefusal {
  refusal: string;
}

/**
 * The "Sign up" button's action (an appointment's page, or an event-mode event's): holds places
 * (`POST /api/signups`; the visitor's existing hold on it comes back as it is) and leads to the
 * participants step. An anonymous visitor logs in first and comes back to the same page.
 */
export async function startSignup(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  place: SignupPlace,
): Promise<SignupRefusal> {
  const { prefix, locale } = context.get(languageContext);
  const back = prefix + startPath(place);
  if (!context.get(visitorContext)) throw redirect(loginUrl(context, back));
  const target = place.appointmentSlug
    ? { appointment: { data: { type: "appointments", id: String(formData.get("appointment") ?? "") } } }
    : { event: { data: { type: "events", id: String(formData.get("event") ?? "") } } };
  const { api } = context.get(siteContext);
  let document: DataDocument | undefined;
  try {
    // The page's language is recorded with the signup; its mails speak the account's (docs/decisions/018-mail-language.md).
    ({ document } = await api.post(
      "/api/signups",
      { data: { ...resourceBody("signups", {}).data, relationships: target } },
      { query: { locale } },
    ));
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(loginUrl(context, back));
    const code = error.errors[0]?.code ?? "";
    return { refusal: REFUSALS.includes(code) ? code : "unavailable" };
  }
  const id = (document?.data as { id?: string } | null)?.id;
  if (!id) throw new Error("The API created a signup without an id.");
  throw redirect(prefix + signupPath(place, id));
}

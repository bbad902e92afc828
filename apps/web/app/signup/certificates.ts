import { ApiError } from "@sports/jsonapi";
import type { RouterContextProvider } from "react-router";
import { siteContext } from "../context.ts";
import { errorMessage } from "../forms/messages.ts";
import { uploadFile } from "../lib/api.ts";

const CERTIFICATE_FIELD = /^participants\[(\d+)\]\.certificateId$/;

/**
 * Uploads each certificate chosen in the participants form before the participants are sent, and
 * puts in its place the id the API gave it (`keptCertificateId`) and its name: the form then
 * carries the file on even if another field sends it back, since a browser never refills a file
 * input. A refused file is left out and its error answered for its field.
 */
export async function uploadCertificates(
  context: Readonly<RouterContextProvider>,
  signupId: string,
  formData: FormData,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const [name, value] of [...formData.entries()]) {
    const index = CERTIFICATE_FIELD.exec(name)?.[1];
    if (index === undefined || typeof value === "string") continue;
    formData.delete(name);
    if (value.size === 0 && value.name === "") continue; // no file chosen
    try {
      const document = await uploadFile(context, `/api/signups/${encodeURIComponent(signupId)}/certificates`, value);
      const certificate = document.data as { id: string; attributes?: { fileName?: string } };
      formData.set(`participants[${index}].keptCertificateId`, certificate.id);
      formData.set(`participants[${index}].certificateName`, certificate.attributes?.fileName ?? value.name);
    } catch (error) {
      if (!ApiError.is(error) || error.status >= 500) throw error;
      const code = error.status === 413 ? "body-too-large" : (error.errors[0]?.code ?? "invalid");
      errors[name] = [errorMessage(code)];
    }
  }
  return errors;
}

const REUSE_FIELD = /^participants\[(\d+)\]\.reuseCertificateId$/;

/**
 * Keeps with this signup each certificate uploaded before that the form chose to use again
 * (`reuseCertificateId`, offered with a person filled in), unless a new file took its place: the
 * API copies it (`reuseCertificate`), and its id becomes the participant's `keptCertificateId`. A
 * refusal (expired by race day, not the visitor's) is answered for the certificate's field.
 */
export async function reuseCertificates(
  context: Readonly<RouterContextProvider>,
  signupId: string,
  formData: FormData,
): Promise<Record<string, string[]>> {
  const { api } = context.get(siteContext);
  const errors: Record<string, string[]> = {};
  for (const [name, value] of [...formData.entries()]) {
    const index = REUSE_FIELD.exec(name)?.[1];
    if (index === undefined) continue;
    formData.delete(name);
    if (typeof value !== "string" || !value || formData.get(`participants[${index}].keptCertificateId`)) continue;
    try {
      const { document } = await api.post(`/api/signups/${encodeURIComponent(signupId)}/certificates`, {
        data: { type: "certificates", relationships: { source: { data: { type: "certificates", id: value } } } },
      });
      const certificate = document?.data as { id: string; attributes?: { fileName?: string } };
      formData.set(`participants[${index}].keptCertificateId`, certificate.id);
      formData.set(`participants[${index}].certificateName`, certificate.attributes?.fileName ?? "");
    } catch (error) {
      if (!ApiError.is(error) || error.status >= 500) throw error;
      errors[`participants[${index}].certificateId`] = [errorMessage(error.errors[0]?.code ?? "invalid-certificate")];
    }
  }
  return errors;
}

/** The form's values of one listed item (`participants[1].…`), as strings. */
function itemValues(formData: FormData, list: string, index: number): Record<string, string> {
  const prefix = `${list}[${index}].`;
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries())
    if (name.startsWith(prefix) && typeof value === "string") values[name.slice(prefix.length)] = value;
  return values;
}

/**
 * "Fill in with someone signed up before", posted without JavaScript: becomes Conform's update
 * intent for that participant, so the form comes back with the person's data and nothing checked yet.
 * (With JavaScript the browser makes the same update itself.)
 */
export function applyPick(formData: FormData, people: { id: string; values: Record<string, string> }[]): void {
  const index = Number(formData.get("pick"));
  const chosen = people.find((person) => person.id === formData.get(`pick-${index}`));
  if (!Number.isInteger(index) || !chosen) return;
  const value = { ...itemValues(formData, "participants", index), ...chosen.values };
  formData.set("__intent__", JSON.stringify({ type: "update", payload: { name: `participants[${index}]`, value } }));
}

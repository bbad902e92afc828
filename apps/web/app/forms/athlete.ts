import {
  type AthleteLinkAttributes,
  type AthleteLinkChange,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MEDIA_TYPES,
  PARTICIPANT_TEXT_LIMITS as LIMITS,
} from "@sports/jsonapi";
import { oneLineText, phoneNumber } from "./values.ts";
import { z } from "./zod.ts";

/**
 * A club's athlete's own part (docs/decisions/068-club-entries.md), as their page asks it: the
 * consents unless given, the emergency contact, and the certificate when the event asks for one.
 * Field names are the API's attributes (`PATCH /api/athlete-links/{token}`), so each refusal lands
 * at its field; the API checks them all again.
 */

const ticked = (code: string) =>
  z
    .boolean()
    .default(false)
    .refine((value) => value, { params: { code } });

/** A certificate as chosen in the browser: checked for type and size before it travels. */
const certificateFile = z
  .instanceof(File)
  .refine((file) => file.size <= CERTIFICATE_MAX_BYTES, { params: { code: "body-too-large" } })
  .refine((file) => (CERTIFICATE_MEDIA_TYPES as readonly string[]).includes(file.type), {
    params: { code: "unsupported-media-type" },
  });

/** What of the link's answer decides the form's fields. */
export type AthleteFormRules = Pick<AthleteLinkAttributes, "consentsGiven" | "certificate">;

/** Whether the certificate must come with this form: the event asks for one now, and none is on file. */
export function certificateNeeded(rules: AthleteFormRules): boolean {
  const { certificate } = rules;
  return certificate.required && !certificate.later && !certificate.onFile;
}

/** The athlete's form for what their link says. */
export function athleteForm(rules: AthleteFormRules) {
  const needed = certificateNeeded(rules);
  return z
    .object({
      termsAccepted: rules.consentsGiven ? z.boolean().optional() : ticked("participant-terms-required"),
      privacyAccepted: rules.consentsGiven ? z.boolean().optional() : ticked("privacy-required"),
      emergencyContactName: oneLineText(LIMITS.emergencyContactName).pipe(z.string().min(1)),
      emergencyContactPhone: phoneNumber(LIMITS.emergencyContactPhone).pipe(z.string().min(1)),
      /** A newly chosen file; the action uploads it and keeps its id in `keptCertificateId`. */
      certificateId: certificateFile.optional(),
      keptCertificateId: z.string().optional(),
      certificateName: z.string().optional(),
      certificateExpiresOn: needed ? z.iso.date() : z.iso.date().optional(),
    })
    .refine((value) => !needed || Boolean(value.certificateId ?? value.keptCertificateId), {
      path: ["certificateId"],
      params: { code: "certificate-required" },
    });
}

export type AthleteFormValue = z.output<ReturnType<typeof athleteForm>>;

/** What the API takes: a certificate only once uploaded (its id), with its expiry. */
export function athleteChange(value: AthleteFormValue, rules: AthleteFormRules): AthleteLinkChange {
  return {
    ...(rules.consentsGiven ? {} : { termsAccepted: value.termsAccepted === true }),
    ...(rules.consentsGiven ? {} : { privacyAccepted: value.privacyAccepted === true }),
    emergencyContactName: value.emergencyContactName,
    emergencyContactPhone: value.emergencyContactPhone,
    certificateId: value.keptCertificateId ?? null,
    certificateExpiresOn: value.certificateExpiresOn ?? null,
  };
}

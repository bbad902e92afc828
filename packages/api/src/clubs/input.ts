import { z } from "zod";

/**
 * The shapes of the clubs' request bodies: texts or null, each attribute known. What each text must
 * be (required, its length, an address, a phone, a birth date) is checked by the use cases, with the
 * participants' field rules, and refused at its attribute (packages/usecases/src/clubs/fields.ts).
 */

const text = z.string().nullable().optional();

export const clubInput = z.strictObject({
  name: text,
  federation: text,
  code: text,
  contactEmail: text,
  contactPhone: text,
});

export const clubAthleteInput = z.strictObject({
  givenName: text,
  familyName: text,
  birthDate: text,
  gender: text,
  email: text,
  phone: text,
  nationality: text,
  federationCard: text,
  tshirtSize: text,
  emergencyContactName: text,
  emergencyContactPhone: text,
});

export const invitationInput = z.strictObject({ email: z.string() });

export const acceptanceInput = z.strictObject({ token: z.string().max(100) });

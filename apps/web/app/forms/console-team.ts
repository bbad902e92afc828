import { email } from "./account.ts";
import { z } from "./zod.ts";

/** The console's team forms: invite an address as organiser or staff, take someone off the team. */
export const invitationForm = z.object({ email, role: z.enum(["staff", "organiser"]) });
export const removalForm = z.object({ member: z.string().min(1).max(254) });

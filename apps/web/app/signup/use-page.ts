import { useRecords } from "../lib/use-records.ts";
import { type SignupPage, type SignupStepData, signupPageOf } from "./page.ts";

/**
 * The page of a step's loader data, read from the record store (the signup layout has put the
 * loader's documents there first) and current with every change the store takes.
 */
export function useSignupPage(data: SignupStepData): SignupPage {
  const page = useRecords(signupPageOf, data);
  if (!page) throw new Error(`The record store lacks signup ${data.signupId} or its event's stays.`);
  return page;
}

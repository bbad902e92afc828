import { arrivedOnward } from "../lib/onward.ts";
import { browserRecords, loadIntoStore } from "../lib/record-store.ts";
import { rememberBillingWords } from "./billing-words.ts";
import { type SignupStepData, stepFromStore } from "./page.ts";
import type { SignupStep } from "./paths.ts";

/** The server's clock less the browser's, as of the last step the server answered. */
let clockSkew = 0;

interface StepLoaderArgs {
  request: Request;
  params: { slug: string; slug1?: string | undefined; id?: string | undefined };
  serverLoader: () => Promise<SignupStepData>;
}

/**
 * A step's clientLoader (docs/decisions/016-record-store.md). Right after this page saved a step
 * (an onward answer, lib/onward.ts), the store holds the signup as the API answered it a moment
 * ago, and the next step reads it from there when it can (page.ts, `stepFromStore`). Every other
 * arrival (a link, back and forward, the revalidation after a form that stayed on its page) asks
 * the server, which pushes what it read into the store: a held signup can change elsewhere (another
 * tab, the hold lapsing), and the server is the judge of it as before.
 */
export async function loadStep(args: StepLoaderArgs, step: SignupStep): Promise<SignupStepData> {
  if (arrivedOnward(args.request)) {
    const data = stepFromStore(browserRecords(), args.params, step, new Date(Date.now() + clockSkew));
    if (data) return data;
  }
  return loadStepFromServer(args.serverLoader);
}

/**
 * A step the server always reads: its data, its documents pushed into the browser's store, and the
 * recap's billing words kept when it carries them (signup/billing-words.ts).
 */
export async function loadStepFromServer<TData extends SignupStepData>(
  serverLoader: () => Promise<TData>,
): Promise<TData> {
  const data = await loadIntoStore(serverLoader);
  clockSkew = Date.parse(data.serverNow) - Date.now();
  rememberBillingWords(data);
  return data;
}

import { isRefusal, type PaymentProvider, type PaymentState, type ProviderNotification } from "@sports/domain";
import { SYSTEM } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { afterSettlement, settle } from "./settle.ts";

/**
 * A provider's signed word about a payment (its webhook, or the demonstration page's decision):
 * verified by the provider (refused `invalid-signature` or `invalid-notification`), then applied once
 * by the site (the same event again changes nothing). A word about a payment the site does not know,
 * or one the site does not act on, changes nothing and is no error. With `from`, the word decides
 * only a payment still in that state (see {@link settle}).
 */
export async function receiveNotification(
  deps: Deps,
  input: { provider: PaymentProvider; rawBody: string; headers: Headers; from?: PaymentState },
): Promise<void> {
  const { provider } = input;
  let notification: ProviderNotification | null;
  try {
    notification = await provider.verify(input.rawBody, input.headers);
  } catch (error) {
    // Signed but unreadable is the provider's own word gone wrong: someone must look at it.
    const unreadable = isRefusal(error, "invalid-notification");
    const log = unreadable ? deps.logger?.error : deps.logger?.info;
    log?.call(
      deps.logger,
      { provider: provider.id, reason: String(error) },
      unreadable ? "webhook unreadable" : "webhook refused",
    );
    throw error;
  }
  if (!notification) return;
  const key = notification.providerReference
    ? { provider: provider.id, providerReference: notification.providerReference }
    : notification.paymentReference
      ? { provider: provider.id, paymentReference: notification.paymentReference }
      : undefined;
  if (!key) return;
  const settlement = await settle(deps, SYSTEM, {
    key,
    report: notification,
    source: "webhook",
    providerEventId: `${provider.id}:${notification.eventId}`,
    ...(input.from ? { from: input.from } : {}),
  });
  await afterSettlement(deps, settlement);
}

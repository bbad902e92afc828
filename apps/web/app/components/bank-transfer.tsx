import type { BankTransferInstructions } from "@sports/jsonapi";
import { useEffect, useState } from "react";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";

/** An IBAN in groups of four, as banks print it: easier to read aloud and to check. */
export function groupedIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .replace(/(.{4})(?=.)/g, "$1 ")
    .toUpperCase();
}

/**
 * What a bank transfer needs, one line each, in a large monospace that is easy to read and to
 * select whole; with JavaScript the values people mistype (beneficiary, IBAN, reason) get a copy
 * button. The reason for payment is the signup's reference: the organiser matches the money by it.
 */
export function BankTransferDetails({
  instructions,
  timeZone,
}: {
  instructions: BankTransferInstructions;
  timeZone: string;
}) {
  const { locale } = useRootData();
  const { beneficiary, sampleAccount, iban, reference, amount, dueAt } = instructions;
  return (
    <dl className="transfer-details">
      <TransferLine
        label={m.payment_transfer_beneficiary()}
        value={beneficiary}
        copy={beneficiary}
        note={sampleAccount ? m.payment_transfer_sample_account() : undefined}
      />
      <TransferLine label={m.payment_transfer_iban()} value={groupedIban(iban)} copy={iban.replace(/\s+/g, "")} mono />
      <TransferLine label={m.payment_transfer_reference()} value={reference} copy={reference} mono />
      <TransferLine label={m.payment_transfer_amount()} value={formatPrice(amount.amount, amount.currency, locale)} />
      <div className="transfer-line">
        <dt>{m.payment_transfer_due()}</dt>
        <dd>
          <time dateTime={dueAt}>{formatDateTime(dueAt, locale, timeZone)}</time>
        </dd>
      </div>
    </dl>
  );
}

/**
 * One thing to type into the bank's form, read in order: its name, its value, then the button that
 * copies the value (beside the value on a wide screen, both under the name on a phone).
 */
function TransferLine({
  label,
  value,
  copy,
  mono,
  note,
}: {
  label: string;
  value: string;
  copy?: string;
  mono?: boolean;
  /** Said of the value, not part of it (nothing to type). */
  note?: string | undefined;
}) {
  return (
    <div className="transfer-line">
      <dt>{label}</dt>
      <dd>
        <span className="transfer-what">
          <span className={mono ? "transfer-value" : "transfer-text"}>{value}</span>
          {note && <span className="transfer-note"> {note}</span>}
        </span>
        {copy && <CopyButton value={copy} name={label} />}
      </dd>
    </div>
  );
}

/** Shown only once the page runs JavaScript (the clipboard needs it); says "Copied" for a moment. */
function CopyButton({ value, name }: { value: string; name: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(Boolean(navigator.clipboard)), []);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        className="copy-button"
        aria-label={m.payment_copy_named({ name })}
        onClick={() => {
          navigator.clipboard.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? m.payment_copied() : m.payment_copy()}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? m.payment_copied() : ""}
      </span>
    </>
  );
}

import { FALLBACK_LOCALE, isLocale, type Locale } from "@sports/domain";
import type { MailMessage } from "./mailer.ts";
import {
  APPOINTMENT_CANCELLED_COPY,
  COPY,
  type Copy,
  EVENT_CANCELLED_COPY,
  SITE_NAME,
  TRANSFER_COPY,
} from "./texts.ts";

export { SITE_NAME };

/** A mail as the templates build it; the caller adds the recipient. */
export type AccountMail = Omit<MailMessage, "to">;

export function mailLocale(locale: string): Locale {
  return isLocale(locale) ? locale : FALLBACK_LOCALE;
}

/** "Confirm your e-mail address": sent for a new account and for a changed address. */
export function verificationMail(input: { locale: string; name: string; link: string }): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  const { subject, intro, button, ignore } = copy.verification;
  return render(locale, {
    subject,
    greeting: greeting(copy, input.name),
    before: [intro],
    action: { label: button, link: checkedLink(input.link) },
    after: [ignore],
  });
}

/** The password-reset link, how long it is valid, and "if you did not ask, ignore this mail". */
export function passwordResetMail(input: {
  locale: string;
  name: string;
  link: string;
  validMinutes: number;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  const { subject, intro, button, validFor, ignore } = copy.reset;
  return render(locale, {
    subject,
    greeting: greeting(copy, input.name),
    before: [intro],
    action: { label: button, link: checkedLink(input.link) },
    after: [validFor(minutes(locale, copy, input.validMinutes)), ignore],
  });
}

/** "Your password has been changed", and what to do if it was not them. */
export function passwordChangedMail(input: { locale: string; name: string }): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  const { subject, intro, wasYou, notYou } = copy.changed;
  return render(locale, { subject, greeting: greeting(copy, input.name), before: [intro, wasYou, notYou], after: [] });
}

/** What a signup is for, as its mails say it: the appointment's start, the place, the lodging booked. */
export interface SignupDetails {
  startsAt: Date;
  timeZone: string;
  /** The venue and its address, each part already in the mail's language. */
  place: string[];
  stays: { room: string; stay: string; checkIn: string; checkOut: string; rooms: number; guests: number }[];
}

/**
 * "Your signup awaits payment": what it is for (day, start, place, lodging), the amount and the
 * deadline, written in the account's language with its dates in the event's time zone.
 */
export function awaitingPaymentMail(input: {
  locale: string;
  name: string;
  what: string;
  details: SignupDetails;
  amount: { amount: number; currency: string };
  deadline: Date;
  timeZone: string;
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  const { subject, intro, amount, deadline, button } = copy.awaitingPayment;
  const currency = new Intl.NumberFormat(locale, { style: "currency", currency: input.amount.currency });
  // Minor units: cents for EUR, whole yen for JPY.
  const money = currency.format(input.amount.amount / 10 ** (currency.resolvedOptions().maximumFractionDigits ?? 2));
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: input.timeZone,
  }).format(input.deadline);
  return render(locale, {
    subject: subject(input.what),
    greeting: greeting(copy, input.name),
    before: [capitalize(intro(input.what)), ...detailLines(locale, copy, input.details), amount(money), deadline(when)],
    action: { label: button, link: checkedLink(input.link) },
    after: [],
  });
}

/** An amount in minor units, as people of the locale write it. */
function formatMoney(locale: Locale, money: { amount: number; currency: string }): string {
  const currency = new Intl.NumberFormat(locale, { style: "currency", currency: money.currency });
  return currency.format(money.amount / 10 ** (currency.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The signup is confirmed: what it is for (day, start, place, lodging) and the receipt, in the account's language. */
export function paymentConfirmedMail(input: {
  locale: string;
  name: string;
  what: string;
  details: SignupDetails;
  reference: string;
  amount: { amount: number; currency: string };
  paidAt: Date;
  timeZone: string;
  link: string;
  /** Each participant's ticket, with its QR code as a PNG data URL (packages/usecases/src/signups/ticket-qr.ts). */
  tickets?: MailTicket[];
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: input.timeZone }).format(input.paidAt);
  const tickets = input.tickets ?? [];
  return render(locale, {
    subject: copy.payment.confirmedSubject(input.what),
    greeting: greeting(copy, input.name),
    before: [
      capitalize(copy.payment.confirmedIntro(input.what)),
      ...detailLines(locale, copy, input.details),
      copy.payment.reference(input.reference),
      copy.payment.paid(formatMoney(locale, input.amount), when),
    ],
    tickets: tickets.map((ticket) => ({ ...ticket, line: copy.payment.ticket(ticket.name, ticket.code) })),
    action: { label: copy.payment.button, link: checkedLink(input.link) },
    after: tickets.length > 0 ? [copy.payment.ticketHint] : [],
  });
}

/** A participant's ticket in a mail: whose, its code, and the code's QR as a `data:image/png` URL. */
export interface MailTicket {
  name: string;
  code: string;
  qrDataUrl: string;
}

/** Money goes back: a payment that came too late for the places, or a cancelled paid signup. */
export function refundMail(input: {
  locale: string;
  name: string;
  what: string;
  reference: string;
  reason: "late" | "cancelled" | "transfer";
  refund: { amount: number; currency: string };
  byTransfer: boolean;
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  const amount = formatMoney(locale, input.refund);
  const intro =
    input.reason === "late"
      ? copy.payment.lateRefund(input.what, amount)
      : input.reason === "transfer"
        ? copy.payment.transferRefund(input.what, amount)
        : input.refund.amount > 0
          ? copy.payment.cancelRefund(input.what, amount)
          : copy.payment.cancelNoRefund(input.what);
  return render(locale, {
    subject: copy.payment.refundSubject(input.what),
    greeting: greeting(copy, input.name),
    before: [
      capitalize(intro),
      copy.payment.reference(input.reference),
      ...(input.byTransfer && input.refund.amount > 0 ? [copy.payment.byTransfer] : []),
    ],
    action: { label: copy.payment.button, link: checkedLink(input.link) },
    after: [],
  });
}

/** The organiser's word on a participant's certificate; a rejection says why and that another may be sent. */
export function certificateReviewMail(input: {
  locale: string;
  name: string;
  person: string;
  what: string;
  review: "approved" | "rejected";
  reason: string | null;
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale].certificate;
  const approved = input.review === "approved";
  return render(locale, {
    subject: approved ? copy.approvedSubject(input.what) : copy.rejectedSubject(input.what),
    greeting: greeting(COPY[locale], input.name),
    before: approved
      ? [capitalize(copy.approved(input.person, input.what))]
      : [
          capitalize(copy.rejected(input.person, input.what)),
          ...(input.reason ? [copy.reason(input.reason)] : []),
          copy.again,
        ],
    action: { label: copy.button, link: checkedLink(input.link) },
    after: [],
  });
}

/** A place came back on a sold-out race and is held for the first in its waiting list, until `until`. */
export function waitingListOfferMail(input: {
  locale: string;
  name: string;
  what: string;
  until: Date;
  timeZone: string;
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale].waitingList;
  const until = new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: input.timeZone,
  }).format(input.until);
  return render(locale, {
    subject: copy.offerSubject(input.what),
    greeting: greeting(COPY[locale], input.name),
    before: [capitalize(copy.offer(input.what, until))],
    action: { label: copy.offerButton, link: checkedLink(input.link) },
    after: [],
  });
}

/** Signups opened on an appointment the runner asked to be told about. */
export function signupsOpenedMail(input: { locale: string; name: string; what: string; link: string }): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale].waitingList;
  return render(locale, {
    subject: copy.openedSubject(input.what),
    greeting: greeting(COPY[locale], input.name),
    before: [capitalize(copy.opened(input.what))],
    action: { label: copy.openedButton, link: checkedLink(input.link) },
    after: [],
  });
}

/** A participant's certificate is still missing (or was not accepted) and the race is `days` away. */
export function certificateReminderMail(input: {
  locale: string;
  name: string;
  person: string;
  what: string;
  days: number;
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale].certificate;
  return render(locale, {
    subject: copy.reminderSubject(input.what),
    greeting: greeting(COPY[locale], input.name),
    before: [capitalize(copy.reminder(input.person, input.what, input.days)), copy.reminderUpload],
    action: { label: copy.button, link: checkedLink(input.link) },
    after: [],
  });
}

/**
 * The organiser cancelled the event, or only the race (appointment) signed up for: the signup is
 * cancelled, and whether a refund follows.
 */
export function eventCancelledMail(input: {
  /** What was called off: the whole event (the default) or the one appointment. */
  scope?: "event" | "appointment";
  locale: string;
  name: string;
  what: string;
  reference: string;
  refunded: boolean;
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  const words = (input.scope === "appointment" ? APPOINTMENT_CANCELLED_COPY : EVENT_CANCELLED_COPY)[locale];
  return render(locale, {
    subject: words.subject(input.what),
    greeting: greeting(copy, input.name),
    before: [
      capitalize(words.intro(input.what)),
      copy.payment.reference(input.reference),
      input.refunded ? words.refund : words.noPayment,
    ],
    action: { label: words.button, link: checkedLink(input.link) },
    after: [],
  });
}

/**
 * A place passed on (decision 028), as each person concerned is told: the one leaving it, the one
 * taking it (with the new ticket code, and the certificate to upload where the race asks for one),
 * and the signup's owner (with the link to the signup).
 */
export function transferMail(input: {
  locale: string;
  name: string;
  to: "leaving" | "taking" | "owner";
  what: string;
  from: string;
  person: string;
  ticketCode: string | null;
  certificateDue: boolean;
  link: string | null;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = TRANSFER_COPY[locale];
  const intro =
    input.to === "leaving"
      ? copy.toLeaving(input.what, input.person)
      : input.to === "taking"
        ? copy.toTaking(input.what, input.from)
        : copy.toOwner(input.what, input.from, input.person);
  // The old ticket stops working: the person who had it and the owner are told; the new person has theirs.
  const told = input.to === "taking" ? [] : [copy.oldTicket];
  return render(locale, {
    subject: copy.subject(input.what),
    greeting: greeting(COPY[locale], input.name),
    before: [
      capitalize(intro),
      ...(input.to !== "leaving" && input.ticketCode ? [copy.ticket(input.ticketCode)] : []),
      ...told,
      ...(input.to !== "leaving" && input.certificateDue ? [copy.certificate] : []),
    ],
    ...(input.link ? { action: { label: copy.button, link: checkedLink(input.link) } } : {}),
    after: [],
  });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Hi Anna," or, without a name, "Hi,". */
export function greeting(copy: Copy, name: string): string {
  const trimmed = name.trim();
  return trimmed ? copy.greet(trimmed) : copy.hello;
}

/** A number of minutes in words, singular or plural as the language wants it. */
function minutes(locale: Locale, copy: Copy, count: number): string {
  return counted(locale, count, copy.minutes);
}

/** A count and its noun, singular or plural as the language's plural rules say. */
function counted(locale: Locale, count: number, forms: { one: string; other: string }): string {
  const form = new Intl.PluralRules(locale).select(count) === "one" ? forms.one : forms.other;
  return `${count.toLocaleString(locale)} ${form}`;
}

/** The day, start and place of a signup, then each lodging booked (or that none is), one line each. */
function detailLines(locale: Locale, copy: Copy, details: SignupDetails): string[] {
  const { date, start, place, stay, nights, noStay, rooms, guests } = copy.details;
  const inZone = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: details.timeZone }).format(details.startsAt);
  // A stay's nights are calendar days: read at noon UTC, any time zone shows the same day.
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
  return [
    date(inZone({ dateStyle: "full" })),
    start(inZone({ timeStyle: "short" })),
    ...(details.place.length ? [place(details.place.join(", "))] : []),
    ...(details.stays.length
      ? details.stays.map((booking) =>
          stay(
            booking.room,
            booking.stay,
            nights(day(booking.checkIn), day(booking.checkOut)),
            counted(locale, booking.rooms, rooms),
            counted(locale, booking.guests, guests),
          ),
        )
      : [noStay]),
  ];
}

/** The link, refused unless it is an absolute http(s) URL (a mail link can be nothing else). */
export function checkedLink(link: string): string {
  const protocol = URL.canParse(link) ? new URL(link).protocol : "";
  if (protocol !== "https:" && protocol !== "http:") throw new Error("A mail link must be an absolute http(s) URL");
  return link;
}

/** A mail's content before it is rendered as text and HTML; every string is plain text. */
export interface Content {
  subject: string;
  greeting: string;
  before: string[];
  /** Tickets: each a line of text and, in the HTML, its QR code under it. */
  tickets?: (MailTicket & { line: string })[];
  action?: { label: string; link: string };
  after: string[];
}

/** Renders the content as a mail: the plain text and the HTML document say the same. */
export function render(locale: Locale, content: Content): AccountMail {
  const copy = COPY[locale];
  return { subject: content.subject, text: renderText(copy, content), html: renderHtml(locale, copy, content) };
}

/** The plain-text body: paragraphs separated by blank lines, the link on a line of its own. */
function renderText(copy: Copy, content: Content): string {
  const action = content.action ? [`${content.action.label}${copy.colon}\n${content.action.link}`] : [];
  const tickets = (content.tickets ?? []).map((ticket) => ticket.line);
  const paragraphs = [content.greeting, ...content.before, ...tickets, ...action, ...content.after, copy.signature];
  return `${paragraphs.join("\n\n")}\n\n-- \n${copy.footer}\n`;
}

const FONT = "font-family:Helvetica,Arial,sans-serif;";
const PARAGRAPH = `margin:0 0 16px;${FONT}font-size:16px;line-height:1.5;color:#1f2933;`;
const BUTTON = `display:inline-block;padding:12px 24px;background-color:#0b5cad;color:#ffffff;${FONT}font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px;`;
const SMALL = `margin:0 0 16px;${FONT}font-size:13px;line-height:1.5;color:#52606d;`;

/** The HTML body: a complete small document with inline styles only, every value escaped. */
function renderHtml(locale: Locale, copy: Copy, content: Content): string {
  const body = [
    paragraph(content.greeting),
    ...content.before.map(paragraph),
    ...(content.tickets ?? []).map(ticketHtml),
    ...(content.action ? [actionHtml(copy, content.action)] : []),
    ...content.after.map(paragraph),
    paragraph(copy.signature),
  ].join("\n");
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px 0;${FONT}font-size:20px;font-weight:bold;color:#0b5cad;">${escapeHtml(SITE_NAME)}</td></tr>
<tr><td style="padding:16px 32px 16px;">
${body}
</td></tr>
</table>
<p style="margin:16px 0 0;${FONT}font-size:12px;line-height:1.5;color:#7b8794;">${escapeHtml(copy.footer)}</p>
</td></tr>
</table>
</body>
</html>
`;
}

/** A ticket: its line, then its QR code (only a PNG data URL is let through). */
function ticketHtml(ticket: MailTicket & { line: string }): string {
  const image = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(ticket.qrDataUrl)
    ? `<p style="margin:0 0 16px;"><img src="${ticket.qrDataUrl}" width="180" height="180" alt="${escapeHtml(ticket.code)}" style="display:block;"></p>`
    : "";
  return `${paragraph(ticket.line)}\n${image}`;
}

/** One paragraph of plain text as HTML. */
function paragraph(text: string): string {
  return `<p style="${PARAGRAPH}">${escapeHtml(text)}</p>`;
}

/** The button-styled link, then the plain URL for mail programs that do not show the button. */
function actionHtml(copy: Copy, action: { label: string; link: string }): string {
  const href = escapeHtml(action.link);
  return [
    `<p style="margin:24px 0;"><a href="${href}" style="${BUTTON}">${escapeHtml(action.label)}</a></p>`,
    `<p style="${SMALL}">${escapeHtml(copy.linkHint)}<br><a href="${href}" style="color:#0b5cad;word-break:break-all;">${href}</a></p>`,
  ].join("\n");
}

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

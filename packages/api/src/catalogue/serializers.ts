import {
  type Appointment,
  availabilityOf,
  type ContentPage,
  courseSummaryOf,
  coverSizes,
  currentTier,
  type Event,
  effectiveSignupDeadline,
  eventAvailability,
  type Locale,
  lowestPrice,
  pickText,
  type ResultsState,
  type Stay,
  sortTiers,
} from "@sports/domain";
import type {
  AppointmentAttributes,
  EventAttributes,
  PageAttributes,
  PaymentMethod,
  ResourceObject,
  StayAttributes,
} from "@sports/jsonapi";

export interface SerializeContext {
  locale: Locale;
  now: Date;
  /** `fields[type]` from the request: the attributes and relationships to keep, by type. */
  fields: Map<string, Set<string>>;
  /** The payment providers the site has live: an event offers those of its own that are. */
  livePaymentMethods: readonly PaymentMethod[];
}

const text = (value: Parameters<typeof pickText>[0], locale: Locale) => pickText(value, locale) ?? null;

/** Keeps only the requested sparse fieldset of a resource object, relationships included. */
function sparse<TType extends string, TAttributes>(
  resource: ResourceObject<TType, TAttributes>,
  fields: Map<string, Set<string>>,
): ResourceObject<TType, TAttributes> {
  const wanted = fields.get(resource.type);
  if (!wanted) return resource;
  const pick = <V extends object>(members: V | undefined) =>
    members && (Object.fromEntries(Object.entries(members).filter(([name]) => wanted.has(name))) as V);
  return { ...resource, attributes: pick(resource.attributes), relationships: pick(resource.relationships) };
}

/**
 * An appointment with where its results stand, as the catalogue reads it
 * (packages/db/src/catalogue/appointments.ts); a signup's or the console's appointment, read
 * without it, says `unpublished`.
 */
type AppointmentWithResults = Appointment & { resultsState?: ResultsState };

export function appointmentAttributes(appointment: AppointmentWithResults, event: Event, context: SerializeContext) {
  const availability = availabilityOf(event, appointment, context.now);
  const tier = currentTier(appointment.priceTiers, context.now, event.timeZone);
  const attributes: AppointmentAttributes = {
    slug: appointment.slug,
    title: text(appointment.title, context.locale) ?? appointment.slug,
    description: text(appointment.description, context.locale),
    startsAt: appointment.startsAt.toISOString(),
    endsAt: appointment.endsAt.toISOString(),
    ...availability,
    currency: appointment.currency,
    priceTiers: sortTiers(appointment.priceTiers).map(({ until, amount }) => ({ until, amount })),
    currentPrice: tier ? { amount: tier.amount, currency: appointment.currency } : null,
    signupDeadline: effectiveSignupDeadline({
      signupDeadline: appointment.signupDeadline,
      signupClosesAt: event.signupClosesAt,
      startsAt: appointment.startsAt,
    }).toISOString(),
    eligibility: {
      minAge: appointment.minAge ?? event.minAge,
      maxAge: appointment.maxAge ?? event.maxAge,
      gender: appointment.gender,
    },
    implicit: appointment.implicit,
    status: appointment.cancelledAt ? "cancelled" : "open",
    cancelledAt: appointment.cancelledAt?.toISOString() ?? null,
    waitingList: appointment.waitingList,
    // The figures copied onto the appointment with its course (GET /api/appointments/{id}/course).
    course: courseSummaryOf(appointment),
    resultsState: appointment.resultsState ?? "unpublished",
  };
  return attributes;
}

export function appointmentResource(
  appointment: AppointmentWithResults,
  event: Event,
  context: SerializeContext,
): ResourceObject<"appointments", AppointmentAttributes> {
  return sparse(
    {
      type: "appointments",
      id: appointment.id,
      attributes: appointmentAttributes(appointment, event, context),
      relationships: {
        event: { data: { type: "events", id: event.id }, links: { related: `/api/events/${event.id}` } },
      },
      links: { self: `/api/appointments/${appointment.id}` },
    },
    context.fields,
  );
}

export function eventResource(
  event: Event,
  appointments: readonly AppointmentWithResults[],
  context: SerializeContext & { includeAppointments: boolean },
): ResourceObject<"events", EventAttributes> {
  const offers = appointments.map((appointment) => appointmentAttributes(appointment, event, context));
  const bookable = offers.filter((offer) => offer.state === "open" || offer.state === "not-yet-open");
  const attributes: EventAttributes = {
    slug: event.slug,
    sport: event.sport,
    status: event.status === "cancelled" ? "cancelled" : "published",
    title: text(event.title, context.locale) ?? event.slug,
    summary: text(event.summary, context.locale),
    description: text(event.description, context.locale),
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: event.timeZone,
    venue: venueOf(event),
    cover: event.coverImage ? coverOf(event.coverImage, text(event.coverAlt, context.locale) ?? "") : null,
    signupOpensAt: event.signupOpensAt?.toISOString() ?? null,
    signupClosesAt: event.signupClosesAt?.toISOString() ?? null,
    signupMode: event.signupMode,
    rules: {
      minAge: event.minAge,
      maxAge: event.maxAge,
      ageRule: event.ageRule,
      medicalCertificate: event.medicalCertificate,
      certificateLater: event.certificateLater,
      federationCardRequired: event.federationCardRequired,
      participantsPerSignup: event.participantsPerSignup,
      holdMinutes: event.holdMinutes,
      paymentTermDays: event.paymentTermDays,
      cancellationDaysBefore: event.cancellationDaysBefore,
      transferDaysBefore: event.transferDaysBefore,
      transferFee: event.transferFee || null,
      refundDaysBefore: event.refundDaysBefore,
      paymentMethods: event.paymentMethods.filter((method) => context.livePaymentMethods.includes(method)),
      tshirtSizes: event.tshirtSizes,
    },
    // "From" prices count only what a visitor can still sign up for; a finished event shows its lowest price.
    priceFrom: lowestPrice((bookable.length ? bookable : offers).map((offer) => offer.currentPrice)),
    availability: eventAvailability(offers),
    updatedAt: event.updatedAt.toISOString(),
  };
  return sparse(
    {
      type: "events",
      id: event.id,
      attributes,
      relationships: {
        appointments: {
          links: { related: `/api/events/${event.id}/appointments` },
          ...(context.includeAppointments
            ? { data: appointments.map((appointment) => ({ type: "appointments", id: appointment.id })) }
            : {}),
        },
        stays: { links: { related: `/api/events/${event.id}/stays` } },
      },
      links: { self: `/api/events/${event.id}` },
    },
    context.fields,
  );
}

export function stayResource(stay: Stay, context: SerializeContext): ResourceObject<"stays", StayAttributes> {
  return sparse(
    {
      type: "stays",
      id: stay.id,
      attributes: {
        slug: stay.slug,
        name: text(stay.name, context.locale) ?? stay.slug,
        description: text(stay.description, context.locale),
        address: stay.address,
        firstNight: stay.firstNight,
        lastNight: stay.lastNight,
        roomTypes: stay.roomTypes.map((room) => ({
          id: room.id,
          name: text(room.name, context.locale) ?? "",
          guests: room.guests,
          pricePerNight: { amount: room.pricePerNight, currency: room.currency },
          roomsPerNight: room.roomsPerNight,
        })),
      },
      relationships: {
        event: { data: { type: "events", id: stay.eventId }, links: { related: `/api/events/${stay.eventId}` } },
      },
    },
    context.fields,
  );
}

export function pageResource(page: ContentPage, context: SerializeContext): ResourceObject<"pages", PageAttributes> {
  return sparse(
    {
      type: "pages",
      id: page.slug,
      attributes: {
        slug: page.slug,
        title: text(page.title, context.locale) ?? page.slug,
        body: text(page.body, context.locale) ?? "",
        updatedAt: page.updatedAt.toISOString(),
      },
      links: { self: `/api/pages/${page.slug}` },
    },
    context.fields,
  );
}

/** An event's cover: its address and words, and, for an uploaded one, its size and sizes (`srcset`). */
type VenueFields = "venueName" | "street" | "locality" | "region" | "postalCode" | "country" | "latitude" | "longitude";

/** An event's venue as every API answer shows it, the public's and the console's. */
export function venueOf(event: Pick<Event, VenueFields>) {
  return {
    name: event.venueName,
    street: event.street,
    locality: event.locality,
    region: event.region,
    postalCode: event.postalCode,
    country: event.country,
    latitude: event.latitude,
    longitude: event.longitude,
  };
}

export function coverOf(coverImage: string, alt: string) {
  const sizes = coverSizes(coverImage);
  return {
    url: coverImage,
    alt,
    ...(sizes ? { width: sizes.width, height: sizes.height, srcset: { webp: sizes.webp, jpeg: sizes.jpeg } } : {}),
  };
}

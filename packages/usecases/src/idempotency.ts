/**
 * The answers remembered under an `Idempotency-Key` (docs/decisions/013): the HTTP layer keys its
 * POSTs with them; the use cases that create something record the key in the statement or
 * transaction that creates it (`holdPlaces`, `startPayment`).
 */
export {
  findIdempotencyKey as rememberedAnswer,
  type IdempotencyKey,
  type IdempotencyRecord,
  isIdempotencyKeyTaken,
  recordAnswer as rememberAnswer,
} from "@sports/db";

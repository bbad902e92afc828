import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signatures with a waiting room's own key (hex, in its row): its passes (passes.ts) and its
 * entries' standings (standing.ts), each signing its own text.
 */

/** HMAC-SHA-256 of `text` with the room's key, base64url. */
export const roomSignature = (key: string, text: string): string =>
  createHmac("sha256", Buffer.from(key, "hex")).update(text).digest("base64url");

/** Whether `signature` is the room key's signature of `text`, compared in constant time. */
export function isRoomSignature(key: string, text: string, signature: string): boolean {
  const expected = Buffer.from(roomSignature(key, text));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

import { isUuid, keptPlacesLeftInEvent, keptRoomOfEvent } from "@sports/db";
import { aheadOf, queueStateOf, refreshAfterSeconds } from "@sports/domain";
import type { Deps } from "../deps.ts";
import type { QueueEntryView } from "./entry-view.ts";
import { isRoomSignature, roomSignature } from "./room-key.ts";

/**
 * A waiting entry's standing, signed (docs/decisions/074-waiting-room-standing.md): what an entry's
 * reads need while it waits (its event, place, admission and joining times), signed with the room's
 * key and handed to its account with each answer. A read that brings it back is answered from it and
 * the clock, with neither the session nor the entry looked up: the room's rules and key and the
 * places left are what the process keeps. Only a waiting entry is answered so: once the admission
 * time has come or the places have run out, the read is a full one.
 */

export interface Standing {
  eventId: string;
  entryId: string;
  place: number;
  admitAt: Date;
  joinedAt: Date;
}

const textOf = (s: Standing) => `${s.eventId}.${s.entryId}.${s.place}.${s.admitAt.getTime()}.${s.joinedAt.getTime()}`;

/** What is signed: the text under a label of its own, so that no standing is ever a pass's. */
const signedText = (s: Standing) => `standing:${textOf(s)}`;

export const signStanding = (key: string, standing: Standing): string =>
  `${textOf(standing)}.${roomSignature(key, signedText(standing))}`;

const STANDING = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.(\d{1,9})\.(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/;

/** The standing a token says, unchecked; undefined when it is not one. */
function standingOf(token: string): { standing: Standing; signature: string } | undefined {
  const [, eventId = "", entryId = "", place = "", admitAt = "", joinedAt = "", signature = ""] =
    STANDING.exec(token) ?? [];
  if (!isUuid(eventId) || !isUuid(entryId)) return undefined;
  const standing = {
    eventId,
    entryId,
    place: Number(place),
    admitAt: new Date(Number(admitAt)),
    joinedAt: new Date(Number(joinedAt)),
  };
  return { standing, signature };
}

/**
 * Where entry `entryId` stands now, read from its signed standing: undefined when the token is not
 * the room's signature for that entry, or the entry no longer waits (the caller then reads it whole).
 */
export async function waitingStandingOf(
  deps: Pick<Deps, "db" | "now">,
  entryId: string,
  token: string,
): Promise<QueueEntryView | undefined> {
  const told = standingOf(token);
  if (!told || told.standing.entryId !== entryId.toLowerCase()) return undefined;
  const { standing } = told;
  const found = await keptRoomOfEvent(deps.db, standing.eventId);
  if (found?.status !== "published" || !found.signupOpensAt) return undefined;
  if (!isRoomSignature(found.room.passKey, signedText(standing), told.signature)) return undefined;
  const { now } = deps;
  const placesLeft = await keptPlacesLeftInEvent(deps.db, standing.eventId, now);
  if (queueStateOf({ ...standing, passUsedAt: null }, now, placesLeft) !== "waiting") return undefined;
  const ahead = aheadOf(standing.admitAt, now, found.room);
  return {
    id: standing.entryId,
    eventId: standing.eventId,
    state: "waiting",
    place: standing.place,
    position: ahead + 1,
    ahead,
    estimatedWait: Math.max(0, Math.ceil((standing.admitAt.getTime() - now.getTime()) / 1000)),
    pass: null,
    passExpiresAt: null,
    standing: token,
    joinedAt: standing.joinedAt,
    opensAt: found.signupOpensAt,
    refreshAfter: refreshAfterSeconds(standing.admitAt, now, found.signupOpensAt),
  };
}

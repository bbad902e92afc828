import type { Stay } from "@sports/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../database.ts";
import { roomTypes, stays } from "../schema.ts";

/** The stays offered with an event, each with its room types, in two queries. */
export async function staysOfEvent(db: Database, eventId: string): Promise<Stay[]> {
  const stayRows = await db
    .select()
    .from(stays)
    .where(eq(stays.eventId, eventId))
    .orderBy(asc(stays.firstNight), asc(stays.slug));
  if (stayRows.length === 0) return [];
  const roomRows = await db
    .select()
    .from(roomTypes)
    .where(
      inArray(
        roomTypes.stayId,
        stayRows.map((stay) => stay.id),
      ),
    )
    .orderBy(asc(roomTypes.position));
  return stayRows.map((stay) => ({
    ...stay,
    roomTypes: roomRows
      .filter((room) => room.stayId === stay.id)
      .map(({ stayId: _stayId, position: _position, ...room }) => room),
  }));
}

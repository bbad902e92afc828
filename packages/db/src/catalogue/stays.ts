import type { Stay } from "@sports/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
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

/** Room types by id, each with the stay (and so the event) it belongs to. */
export async function roomTypesById(db: Database | Transaction, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, RoomTypeWithStay>();
  const rows = await db
    .select({ room: roomTypes, stay: stays })
    .from(roomTypes)
    .innerJoin(stays, eq(stays.id, roomTypes.stayId))
    .where(inArray(roomTypes.id, [...new Set(ids)]));
  return new Map<string, RoomTypeWithStay>(rows.map((row) => [row.room.id, row]));
}

export type RoomTypeWithStay = { room: typeof roomTypes.$inferSelect; stay: typeof stays.$inferSelect };

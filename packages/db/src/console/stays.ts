import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { roomNights, roomTypes, stayBookings, stays } from "../schema.ts";

/** The stays and room types as the organiser's console writes them. */

export type StayRecord = typeof stays.$inferSelect;
export type StayRow = typeof stays.$inferInsert;
export type RoomTypeRecord = typeof roomTypes.$inferSelect;
export type RoomTypeRow = typeof roomTypes.$inferInsert;

export async function lockStay(tx: Transaction, id: string): Promise<StayRecord | undefined> {
  const rows = await tx.select().from(stays).where(eq(stays.id, id)).for("update").limit(1);
  return rows[0];
}

export async function insertStay(tx: Transaction, values: StayRow): Promise<StayRecord> {
  const [row] = await tx.insert(stays).values(values).returning();
  return row as StayRecord;
}

export async function updateStay(tx: Transaction, id: string, values: Partial<StayRow>): Promise<StayRecord> {
  const [row] = await tx.update(stays).set(values).where(eq(stays.id, id)).returning();
  return row as StayRecord;
}

export async function deleteStay(tx: Transaction, id: string): Promise<void> {
  await tx.delete(stays).where(eq(stays.id, id));
}

/** Whether the stay's slug names another stay of the event. */
export async function staySlugTaken(tx: Transaction, eventId: string, slug: string, exceptId?: string) {
  const rows = await tx
    .select({ id: stays.id })
    .from(stays)
    .where(
      and(eq(stays.eventId, eventId), eq(stays.slug, slug), exceptId ? sql`${stays.id} <> ${exceptId}` : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether any booking of the stay's rooms exists; with nights, any outside them (first to last night). */
export async function stayHasBookings(
  db: Database | Transaction,
  stayId: string,
  outside?: { firstNight: string; lastNight: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: stayBookings.id })
    .from(stayBookings)
    .innerJoin(roomTypes, eq(roomTypes.id, stayBookings.roomTypeId))
    .where(
      and(
        eq(roomTypes.stayId, stayId),
        outside
          ? or(
              sql`${stayBookings.checkIn} < ${outside.firstNight}::date`,
              sql`${stayBookings.checkOut} > ${outside.lastNight}::date + 1`,
            )
          : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function lockRoomType(tx: Transaction, id: string): Promise<RoomTypeRecord | undefined> {
  const rows = await tx.select().from(roomTypes).where(eq(roomTypes.id, id)).for("update").limit(1);
  return rows[0];
}

export async function insertRoomType(tx: Transaction, values: RoomTypeRow): Promise<RoomTypeRecord> {
  const [row] = await tx.insert(roomTypes).values(values).returning();
  return row as RoomTypeRecord;
}

/**
 * Changes a room type. A new number of rooms per night is written to every night already booked by
 * one conditional statement, only where the rooms booked fit in it; undefined when a night has more
 * rooms booked than the new number (nothing is written then: the caller's transaction is undone).
 */
export async function updateRoomType(
  tx: Transaction,
  id: string,
  values: Partial<RoomTypeRow>,
): Promise<RoomTypeRecord | undefined> {
  const [row] = await tx.update(roomTypes).set(values).where(eq(roomTypes.id, id)).returning();
  if (!row) return undefined;
  if (values.roomsPerNight !== undefined) {
    const rooms = values.roomsPerNight;
    await tx
      .update(roomNights)
      .set({ rooms })
      .where(and(eq(roomNights.roomTypeId, id), lte(roomNights.roomsTaken, rooms)));
    const over = await tx
      .select({ night: roomNights.night })
      .from(roomNights)
      .where(and(eq(roomNights.roomTypeId, id), gt(roomNights.roomsTaken, rooms)))
      .limit(1);
    if (over.length > 0) return undefined;
  }
  return row;
}

export async function roomTypeHasBookings(db: Database | Transaction, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: stayBookings.id })
    .from(stayBookings)
    .where(eq(stayBookings.roomTypeId, id))
    .limit(1);
  return rows.length > 0;
}

export async function deleteRoomType(tx: Transaction, id: string): Promise<void> {
  await tx.delete(roomTypes).where(eq(roomTypes.id, id));
}

/** One stay with its room types in order, whatever its event's status. */
export async function findStayWithRooms(
  db: Database,
  id: string,
): Promise<{ stay: StayRecord; roomTypes: RoomTypeRecord[] } | undefined> {
  const [stay] = await db.select().from(stays).where(eq(stays.id, id)).limit(1);
  if (!stay) return undefined;
  const rooms = await db
    .select()
    .from(roomTypes)
    .where(eq(roomTypes.stayId, id))
    .orderBy(asc(roomTypes.position), asc(roomTypes.id));
  return { stay, roomTypes: rooms };
}

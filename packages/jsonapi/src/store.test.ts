import { describe, expect, it } from "vitest";
import type { DataDocument, ResourceObject } from "./document.ts";
import { RecordStore, withLinkage } from "./store.ts";

const event = (attributes: Record<string, unknown>, extra: Partial<ResourceObject> = {}): ResourceObject => ({
  type: "events",
  id: "1",
  attributes,
  ...extra,
});

const appointment = (id: string, title: string): ResourceObject => ({
  type: "appointments",
  id,
  attributes: { title },
});

function eventWithAppointments(): DataDocument<ResourceObject> {
  return {
    data: event(
      { title: "Run", slug: "run" },
      {
        relationships: {
          appointments: {
            data: [
              { type: "appointments", id: "a" },
              { type: "appointments", id: "missing" },
              { type: "appointments", id: "b" },
            ],
          },
          venue: { data: { type: "venues", id: "v" } },
          organiser: { data: null },
        },
        links: { self: "/api/events/1" },
        meta: { views: 1 },
      },
    ),
    included: [appointment("a", "Morning"), appointment("b", "Evening"), { type: "venues", id: "v" }],
  };
}

describe("push", () => {
  it("stores data and included by type and id, and returns the primary records", () => {
    const store = new RecordStore();
    const pushed = store.push(eventWithAppointments());
    expect(pushed).toBe(store.find("events", "1"));
    expect(pushed.attributes).toEqual({ title: "Run", slug: "run" });
    expect(pushed.links).toEqual({ self: "/api/events/1" });
    expect(pushed.meta).toEqual({ views: 1 });
    expect(store.find("appointments", "a")?.attributes).toEqual({ title: "Morning" });
    expect(store.find("venues", "v")).toEqual({
      type: "venues",
      id: "v",
      attributes: {},
      relationships: {},
      links: {},
      meta: {},
    });
    expect(store.all("appointments").map((record) => record.id)).toEqual(["a", "b"]);
  });

  it("returns an array for array data and null for null data", () => {
    const store = new RecordStore();
    const list = store.push({ data: [appointment("a", "Morning"), appointment("b", "Evening")] });
    expect(list.map((record) => record.id)).toEqual(["a", "b"]);
    expect(store.push({ data: null })).toBeNull();
  });

  it("merges attributes key by key, and links and meta too", () => {
    const store = new RecordStore();
    store.push({ data: event({ title: "Run", slug: "run" }, { links: { self: "/a" }, meta: { views: 1 } }) });
    store.push({
      data: event({ title: "Run 2026", summary: "Fast" }, { links: { related: "/b" }, meta: { seen: true } }),
    });
    const record = store.find("events", "1");
    expect(record?.attributes).toEqual({ title: "Run 2026", slug: "run", summary: "Fast" });
    expect(record?.links).toEqual({ self: "/a", related: "/b" });
    expect(record?.meta).toEqual({ views: 1, seen: true });
  });

  it("replaces each named relationship whole and keeps the others", () => {
    const store = new RecordStore();
    store.push(eventWithAppointments());
    store.push({
      data: event({}, { relationships: { appointments: { data: [{ type: "appointments", id: "b" }] } } }),
    });
    const relationships = store.find("events", "1")?.relationships;
    expect(relationships?.appointments).toEqual({ data: [{ type: "appointments", id: "b" }] });
    expect(relationships?.venue).toEqual({ data: { type: "venues", id: "v" } });
  });

  it("keeps known linkage when a relationship arrives with links only", () => {
    const store = new RecordStore();
    store.push(eventWithAppointments());
    store.push({ data: event({}, { relationships: { venue: { links: { related: "/api/events/1/venue" } } } }) });
    expect(store.find("events", "1")?.relationships.venue).toEqual({
      data: { type: "venues", id: "v" },
      links: { related: "/api/events/1/venue" },
    });
  });
});

describe("related", () => {
  it("resolves to-many linkage to stored records, skipping unknown ones", () => {
    const store = new RecordStore();
    const stored = store.push(eventWithAppointments());
    const appointments = store.related(stored, "appointments");
    if (!Array.isArray(appointments)) throw new Error("expected a to-many answer");
    expect(appointments.map((record) => record.id)).toEqual(["a", "b"]);
    expect(Object.isFrozen(appointments)).toBe(true);
  });

  it("resolves to-one linkage to a record, or null when empty, unknown or absent", () => {
    const store = new RecordStore();
    const stored = store.push(eventWithAppointments());
    expect(store.related(stored, "venue")).toBe(store.find("venues", "v"));
    expect(store.related(stored, "organiser")).toBeNull();
    expect(store.related(stored, "nothing")).toBeNull();
    store.remove("venues", "v");
    expect(store.related(stored, "venue")).toBeNull();
  });

  it("uses the record's current relationships, given only its identifier", () => {
    const store = new RecordStore();
    store.push(eventWithAppointments());
    expect(store.related({ type: "events", id: "1" }, "venue")).toBe(store.find("venues", "v"));
  });

  it("returns the same array while the related records are the same", () => {
    const store = new RecordStore();
    const stored = store.push(eventWithAppointments());
    const first = store.related(stored, "appointments");
    store.push({ data: event({ title: "Renamed" }) });
    expect(store.related(stored, "appointments")).toBe(first);
    store.push({ data: appointment("a", "Dawn") });
    expect(store.related(stored, "appointments")).not.toBe(first);
  });
});

describe("identity", () => {
  it("keeps the same record object until it changes", () => {
    const store = new RecordStore();
    store.push(eventWithAppointments());
    const before = store.find("events", "1");
    const appointmentBefore = store.find("appointments", "a");
    store.push(eventWithAppointments());
    expect(store.find("events", "1")).toBe(before);
    store.push({ data: appointment("b", "Night") });
    expect(store.find("events", "1")).toBe(before);
    expect(store.find("appointments", "a")).toBe(appointmentBefore);
    store.push({ data: event({ title: "Changed" }) });
    const after = store.find("events", "1");
    expect(after).not.toBe(before);
    expect(after?.relationships).toBe(before?.relationships);
    expect(Object.isFrozen(after)).toBe(true);
  });

  it("keeps the same all() array until a record of that type changes", () => {
    const store = new RecordStore();
    store.push(eventWithAppointments());
    const appointments = store.all("appointments");
    store.push({ data: event({ title: "Changed" }) });
    expect(store.all("appointments")).toBe(appointments);
    store.push({ data: appointment("c", "Noon") });
    expect(store.all("appointments")).not.toBe(appointments);
    expect(store.all("appointments")).toHaveLength(3);
  });
});

describe("subscribe", () => {
  it("notifies once per change and never for pushes that change nothing", () => {
    const store = new RecordStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    const start = store.getSnapshot();

    store.push(eventWithAppointments());
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toBe(start + 1);

    store.push(eventWithAppointments());
    store.push({ data: event({ title: "Run" }) });
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toBe(start + 1);

    store.push({ data: event({ title: "Run" }, { meta: { views: 2 } }) });
    expect(calls).toBe(2);

    expect(store.remove("events", "1")).toBe(true);
    expect(store.remove("events", "1")).toBe(false);
    expect(store.find("events", "1")).toBeUndefined();
    expect(calls).toBe(3);

    store.clear();
    store.clear();
    expect(store.all("appointments")).toEqual([]);
    expect(calls).toBe(4);
    expect(store.version).toBe(store.getSnapshot());

    unsubscribe();
    store.push({ data: appointment("z", "Late") });
    expect(calls).toBe(4);
    expect(store.getSnapshot()).toBe(start + 5);
  });

  it("works with subscribe and getSnapshot passed unbound, as React does", () => {
    const store = new RecordStore();
    const { subscribe, getSnapshot } = store;
    let seen = -1;
    subscribe(() => {
      seen = getSnapshot();
    });
    store.push({ data: appointment("a", "Morning") });
    expect(seen).toBe(1);
  });
});

describe("withLinkage", () => {
  it("states which records a relationship holds, so the store knows them, none included", () => {
    const store = new RecordStore();
    store.push(eventWithAppointments());
    const stays = [
      { type: "stays", id: "s1", attributes: { name: "Larice" } },
      { type: "stays", id: "s2", attributes: { name: "Pino" } },
    ];
    const owner = { type: "events", id: "1" };
    expect(store.find("events", "1")?.relationships.stays).toBeUndefined();
    store.push(withLinkage(owner, "stays", { data: stays, links: { self: "/api/events/1/stays" } }));
    const found = store.related(owner, "stays");
    expect(Array.isArray(found) && found.map((stay) => stay.attributes)).toEqual([
      { name: "Larice" },
      { name: "Pino" },
    ]);
    expect(store.find("events", "1")?.attributes).toEqual({ title: "Run", slug: "run" });
    expect(store.find("events", "1")?.relationships.venue).toEqual({ data: { type: "venues", id: "v" } });

    store.push(withLinkage(owner, "stays", { data: [] }));
    expect(store.find("events", "1")?.relationships.stays).toEqual({ data: [] });
    // The event read again without its stays keeps the linkage it has.
    store.push({ data: event({}, { relationships: { stays: { links: { related: "/api/events/1/stays" } } } }) });
    expect(store.find("events", "1")?.relationships.stays?.data).toEqual([]);
  });
});

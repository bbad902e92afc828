import { describe, expect, it } from "vitest";
import { assertPlainJson, takeHandedOver } from "./handover.ts";

describe("a document handed over in process", () => {
  const document = { data: { type: "events", id: "1", attributes: { title: "Run", tags: ["a", "b"], price: 12.5 } } };

  it("is given to the site as it is in production", () => {
    expect(takeHandedOver(document, false)).toBe(document);
  });

  it("is given as its JSON's frozen copy elsewhere: the site cannot change what the API may keep", () => {
    const taken = takeHandedOver(document, true) as typeof document;
    expect(taken).toEqual(document);
    expect(taken).not.toBe(document);
    expect(() => {
      taken.data.attributes.title = "Changed";
    }).toThrow(TypeError);
    expect(() => taken.data.attributes.tags.push("c")).toThrow(TypeError);
    expect(Object.isFrozen(document)).toBe(false);
  });

  it("must be what its JSON gives back: plain values only", () => {
    for (const [value, named] of [
      [{ at: new Date(0) }, "the document.at as Date"],
      [{ data: { attributes: { missing: undefined } } }, "the document.data.attributes.missing as undefined"],
      [{ count: Number.NaN }, "the document.count as NaN"],
      [{ list: [1, undefined] }, "the document.list[1] as undefined"],
      [{ rooms: new Map() }, "the document.rooms as Map"],
      [{ id: 1n }, "the document.id as bigint"],
    ] as const) {
      expect(() => assertPlainJson(value, "the document"), named).toThrow(named);
    }
    expect(() =>
      assertPlainJson({ a: [null, true, "x", 0, { b: Object.create(null) }] }, "the document"),
    ).not.toThrow();
  });
});

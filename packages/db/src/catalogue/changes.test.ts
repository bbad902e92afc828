import { describe, expect, it } from "vitest";
import { catalogueChanged, onCatalogueChange } from "./changes.ts";

describe("catalogue changes", () => {
  it("reach the listeners of that database only, until they unsubscribe", () => {
    const db = {};
    const other = {};
    const heard: string[] = [];
    const stop = onCatalogueChange(db, () => heard.push("db"));
    onCatalogueChange(other, () => heard.push("other"));
    catalogueChanged(db);
    stop();
    catalogueChanged(db);
    expect(heard).toEqual(["db"]);
  });
});

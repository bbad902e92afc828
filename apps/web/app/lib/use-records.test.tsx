import { type DataDocument, RecordStore } from "@sports/jsonapi";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserRecords, loadIntoStore, pushDocuments } from "./record-store.ts";
import { RecordStoreProvider, useLoaderRecords, useRecords } from "./use-records.ts";

const named = (name: string): DataDocument => ({
  data: { type: "participants", id: "p1", attributes: { givenName: name } },
});

const givenName = (store: RecordStore, id: string) => store.find("participants", id)?.attributes.givenName;

function Name({ documents, id }: { documents: DataDocument[]; id: string }) {
  useLoaderRecords(documents);
  return <p>{String(useRecords(givenName, id))}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the site's record store", () => {
  it("renders on the server from the request's store, with the loader's documents in it", () => {
    const first = new RecordStore();
    const second = new RecordStore();
    const render = (store: RecordStore, name: string) =>
      renderToStaticMarkup(
        <RecordStoreProvider value={store}>
          <Name documents={[named(name)]} id="p1" />
        </RecordStoreProvider>,
      );
    expect(render(first, "Ada")).toBe("<p>Ada</p>");
    expect(render(second, "Grace")).toBe("<p>Grace</p>");
    expect(givenName(first, "p1")).toBe("Ada");
  });

  it("refuses to render on the server without a store, rather than read one every visitor shares", () => {
    expect(() => renderToStaticMarkup(<Name documents={[]} id="p1" />)).toThrow("No record store");
    expect(browserRecords()).not.toBe(browserRecords());
  });

  it("has one store for the page's life in a browser", () => {
    vi.stubGlobal("window", {});
    expect(browserRecords()).toBe(browserRecords());
  });

  it("pushes a document once, so rendering old loader data again never undoes a newer change", () => {
    const store = new RecordStore();
    const loaded = named("Ada");
    pushDocuments(store, [loaded]);
    store.push(named("Augusta"));
    pushDocuments(store, [loaded]);
    expect(givenName(store, "p1")).toBe("Augusta");
    pushDocuments(new RecordStore(), [loaded]);
    pushDocuments(store, undefined);
    expect(givenName(store, "p1")).toBe("Augusta");
  });

  it("puts what the server loader answered into the browser's store", async () => {
    vi.stubGlobal("window", {});
    const data = { signupId: "s1", documents: [named("Grace")] };
    expect(await loadIntoStore(() => Promise.resolve(data))).toBe(data);
    expect(givenName(browserRecords(), "p1")).toBe("Grace");
  });
});

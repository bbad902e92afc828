import { type ApiClient, ApiError } from "@sports/jsonapi";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { TEST_ORGANISER } from "../context.testing.ts";
import { siteContext } from "../context.ts";
import { applyPick, uploadCertificates } from "./certificates.ts";

function contextAnswering(answer: (file: File) => Response) {
  const context = new RouterContextProvider();
  const apiFetch = (_path: string, init: RequestInit) => Promise.resolve(answer(init.body as File));
  context.set(siteContext, {
    api: {} as ApiClient,
    apiFetch,
    nonce: "n",
    siteUrl: "https://events.example.org",
    defaultLocale: "en-US",
    apiBaseUrl: "/",
    organiser: TEST_ORGANISER,
    mapTiles: { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
  });
  return context;
}

const pdf = (name: string) => new File(["%PDF-1.4"], name, { type: "application/pdf" });

describe("certificates chosen in the participants form", () => {
  it("go up first, and the form then carries each one's id and name in place of the file", async () => {
    const data = new FormData();
    data.set("participants[0].certificateId", pdf("ada.pdf"));
    data.set("participants[1].certificateId", new File([], "", { type: "application/octet-stream" }));
    data.set("participants[1].keptCertificateId", "kept");
    const context = contextAnswering(
      (file) =>
        new Response(
          JSON.stringify({ data: { type: "certificates", id: "new", attributes: { fileName: file.name } } }),
          {
            status: 201,
          },
        ),
    );
    expect(await uploadCertificates(context, "s1", data)).toEqual({});
    expect(Object.fromEntries(data.entries())).toEqual({
      "participants[0].keptCertificateId": "new",
      "participants[0].certificateName": "ada.pdf",
      "participants[1].keptCertificateId": "kept",
    });
  });

  it("answer a refused file's error for its field, in the visitor's words", async () => {
    const data = new FormData();
    data.set("participants[0].certificateId", pdf("fake.pdf"));
    const refusal = { errors: [{ status: "400", code: "file-content-mismatch", title: "" }] };
    const context = contextAnswering(() => new Response(JSON.stringify(refusal), { status: 400 }));
    expect(await uploadCertificates(context, "s1", data)).toEqual({
      "participants[0].certificateId": [
        "This file is not really a PDF, JPEG or PNG: save it again in one of those formats.",
      ],
    });
    const broken = contextAnswering(() => new Response("", { status: 502 }));
    data.set("participants[0].certificateId", pdf("again.pdf"));
    await expect(uploadCertificates(broken, "s1", data)).rejects.toSatisfy(ApiError.is);
  });
});

describe("picking someone signed up before, without JavaScript", () => {
  it("becomes Conform's update of that participant, keeping what the form had", () => {
    const data = new FormData();
    data.set("pick", "1");
    data.set("pick-1", "p7");
    data.set("participants[1].termsAccepted", "on");
    data.set("participants[1].givenName", "typed");
    applyPick(data, [{ id: "p7", values: { givenName: "Grace", birthDate: "1906-12-09" } }]);
    expect(JSON.parse(String(data.get("__intent__")))).toEqual({
      type: "update",
      payload: {
        name: "participants[1]",
        value: { termsAccepted: "on", givenName: "Grace", birthDate: "1906-12-09" },
      },
    });
  });

  it("does nothing when nobody was chosen", () => {
    const data = new FormData();
    data.set("pick", "0");
    data.set("pick-0", "");
    applyPick(data, [{ id: "p7", values: { givenName: "Grace" } }]);
    expect(data.has("__intent__")).toBe(false);
  });
});

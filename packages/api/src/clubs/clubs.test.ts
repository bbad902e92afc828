import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, bearer, resource } from "../accounts/test-client.ts";
import { openTestApi, type TestApi } from "../testing.ts";

/**
 * Clubs over HTTP (docs/api.md "Clubs"): only a club's managers reach it, anyone else is told there
 * is no such club; refusals land at their attributes; an invitation to manage a club is taken only
 * by whoever reads the invited mailbox and holds the account's password (docs/decisions/041).
 */

let api: TestApi;
const accounts = accountClient(() => api);
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

async function person() {
  const { token, email } = await accounts.register();
  return { email, headers: bearer(token) };
}

const send = accounts.send;
const codes = (answer: { body: { errors: { code: string; source?: { pointer?: string } }[] } }) =>
  answer.body.errors.map((error) => [error.source?.pointer, error.code]);

async function makeClub(headers: Record<string, string>, name = "Atletica Valle") {
  const made = await send(
    "POST",
    "/api/clubs",
    resource("clubs", { name, contactEmail: "segreteria@valle.example", federation: "FIDAL" }),
    headers,
  );
  expect(made.status).toBe(201);
  return made.body.data.id as string;
}

describe("a club", () => {
  it("is its managers' alone, and refused at its fields", async () => {
    const manager = await person();
    const stranger = await person();
    expect((await send("GET", "/api/clubs")).status).toBe(401);
    const refused = await send(
      "POST",
      "/api/clubs",
      resource("clubs", { name: "", contactEmail: "nope", contactPhone: "12", colour: "red" }),
      manager.headers,
    );
    expect(refused.status).toBe(400);
    expect(codes(refused)).toEqual([["/data/attributes/colour", "unknown-attribute"]]);
    const invalid = await send(
      "POST",
      "/api/clubs",
      resource("clubs", { name: "", contactEmail: "nope", contactPhone: "12" }),
      manager.headers,
    );
    expect(codes(invalid)).toEqual([
      ["/data/attributes/name", "required"],
      ["/data/attributes/contactEmail", "invalid-email"],
      ["/data/attributes/contactPhone", "invalid-phone"],
    ]);

    const id = await makeClub(manager.headers);
    const read = await send("GET", `/api/clubs/${id}`, undefined, manager.headers);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    expect(read.body.data.attributes).toMatchObject({
      name: "Atletica Valle",
      code: null,
      managers: [{ givenName: "Ada", familyName: "Lovelace", email: manager.email }],
      pendingInvitations: [],
    });
    expect((await send("GET", "/api/clubs", undefined, stranger.headers)).body.data).toEqual([]);
    const change = resource("clubs", { code: "TN1" });
    for (const [method, path, body] of [
      ["GET", `/api/clubs/${id}`, undefined],
      ["PATCH", `/api/clubs/${id}`, { data: { ...change.data, attributes: { name: "" } } }],
      ["GET", `/api/clubs/${id}/athletes`, undefined],
      ["POST", `/api/clubs/${id}/athletes`, resource("club-athletes", { givenName: "A", familyName: "B" })],
      ["POST", `/api/clubs/${id}/manager-invitations`, resource("club-manager-invitations", { email: "x@y.example" })],
    ] as const) {
      const answer = await send(method, path, body, stranger.headers);
      expect([method, path, answer.status, answer.body.errors[0].code]).toEqual([method, path, 404, "not-found"]);
    }
    const changed = await send("PATCH", `/api/clubs/${id}`, change, manager.headers);
    expect(changed.body.data.attributes).toMatchObject({ code: "TN1", name: "Atletica Valle" });
  });

  it("keeps a roster a page at a time, by name, each refusal at its field", async () => {
    const manager = await person();
    const other = await person();
    const id = await makeClub(manager.headers);
    const otherId = await makeClub(other.headers, "G.S. Monte");
    const add = (club: string, headers: Record<string, string>, attributes: object) =>
      send("POST", `/api/clubs/${club}/athletes`, resource("club-athletes", attributes), headers);

    const refused = await add(id, manager.headers, {
      givenName: "Anna",
      familyName: " ",
      birthDate: "2099-01-01",
      gender: "donna",
      emergencyContactPhone: "x",
    });
    expect(refused.status).toBe(400);
    expect(codes(refused)).toEqual([
      ["/data/attributes/familyName", "required"],
      ["/data/attributes/emergencyContactPhone", "invalid-phone"],
      ["/data/attributes/birthDate", "birth-date-in-future"],
      ["/data/attributes/gender", "invalid-value"],
    ]);
    for (const [givenName, familyName] of [
      ["Anna", "Rossi"],
      ["Bruno", "Bianchi"],
      ["Anna", "Verdi"],
    ]) {
      const added = await add(id, manager.headers, { givenName, familyName, gender: "female", tshirtSize: "M" });
      expect(added.status).toBe(201);
      expect(added.headers.get("location")).toBe(`/api/clubs/${id}/athletes/${added.body.data.id}`);
    }
    const theirs = (await add(otherId, other.headers, { givenName: "Anna", familyName: "Neri" })).body.data.id;

    const page = await send("GET", `/api/clubs/${id}/athletes?filter[q]=anna&page[size]=1`, undefined, manager.headers);
    expect(page.body.meta).toEqual({ total: 2 });
    expect(
      page.body.data.map((athlete: { attributes: { familyName: string } }) => athlete.attributes.familyName),
    ).toEqual(["Rossi"]);
    expect(page.body.data[0].attributes).toMatchObject({ tshirtSize: "M", linked: false, email: null });
    expect(page.body.links.next).toContain("page%5Bnumber%5D=2");
    expect((await send("GET", `/api/clubs/${id}/athletes?filter[name]=x`, undefined, manager.headers)).status).toBe(
      400,
    );

    const athlete = page.body.data[0].id as string;
    const path = `/api/clubs/${id}/athletes/${athlete}`;
    const patched = await send(
      "PATCH",
      path,
      { data: { type: "club-athletes", id: athlete, attributes: { phone: "+39 333 1234567", nationality: "it" } } },
      manager.headers,
    );
    expect(patched.body.data.attributes).toMatchObject({
      givenName: "Anna",
      phone: "+39 333 1234567",
      nationality: "IT",
    });
    // Another club's athlete is not this club's to read, change or take out.
    for (const method of ["GET", "PATCH", "DELETE"])
      expect(
        (
          await send(
            method,
            `/api/clubs/${id}/athletes/${theirs}`,
            method === "PATCH" ? resource("club-athletes", {}) : undefined,
            manager.headers,
          )
        ).status,
      ).toBe(404);
    expect((await send("DELETE", path, undefined, other.headers)).status).toBe(404);
    expect((await send("DELETE", path, undefined, manager.headers)).status).toBe(204);
    expect((await send("GET", path, undefined, manager.headers)).status).toBe(404);
  });
});

describe("an invitation to manage a club", () => {
  it("is not taken by whoever holds the link without the invited account, nor by a squatter of the address", async () => {
    const manager = await person();
    const id = await makeClub(manager.headers, "Podistica Lago");
    // Someone registered the invitee's address first, with a password of their own.
    const victim = "secretary@lago.example";
    const squatter = await accounts.register(victim, "squatter's own pick");
    const invited = await send(
      "POST",
      `/api/clubs/${id}/manager-invitations`,
      resource("club-manager-invitations", { email: victim }),
      manager.headers,
    );
    expect(invited.status).toBe(201);
    expect(invited.body.data.attributes.email).toBe(victim);
    const mail = await accounts.mailTo(victim, /Podistica Lago/);
    const token = /\/invito-club\?token=([\w-]{43})/.exec(mail.text)?.[1] ?? "";
    const accept = (headers: Record<string, string> = {}) =>
      send("POST", "/api/club-manager-invitations", resource("club-manager-invitations", { token }), headers);

    // The link alone, from no session or another account's, gives nothing.
    expect((await accept()).status).toBe(401);
    const holder = await person();
    const taken = await accept(holder.headers);
    expect([taken.status, taken.body.errors[0].code]).toEqual([403, "not-invitee"]);
    expect((await send("GET", `/api/clubs/${id}`, undefined, holder.headers)).status).toBe(404);
    // The squatter's session, without the link, reaches no club either.
    expect((await send("GET", "/api/clubs", undefined, bearer(squatter.token))).body.data).toEqual([]);

    // The mailbox's owner sets a password through it (every session ends) and accepts.
    expect((await accounts.resetThroughMail(victim, "secretary's own pick")).status).toBe(204);
    const owner = await accounts.logIn(victim, "secretary's own pick");
    if (!owner) throw new Error("the owner could not log in");
    const accepted = await accept(owner);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.id).toBe(id);
    expect((await send("GET", "/api/users/me", undefined, owner)).body.data.attributes.emailVerified).toBe(true);
    expect((await send("GET", "/api/users/me", undefined, bearer(squatter.token))).status).toBe(401);
    const spent = await accept(owner);
    expect([spent.status, spent.body.errors[0].code]).toEqual([404, "invalid-token"]);
    const listed = await send("GET", `/api/clubs/${id}`, undefined, manager.headers);
    expect(listed.body.data.attributes.managers.map((one: { email: string }) => one.email)).toEqual([
      manager.email,
      victim,
    ]);
  });
});

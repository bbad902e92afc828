/** What the server's tests of the "Sign up" button share: an appointment to press it on, and the form it sends. */

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * An open appointment of the demo catalogue with a page of its own (not an event's implicit one),
 * found through the API of `app`: its id, and its page's path under `prefix` (a language's, or none).
 */
export async function openAppointment(app: App, prefix = ""): Promise<{ appointmentId: string; page: string }> {
  const listed = (await (await app.request("/api/events?include=appointments&page[size]=50")).json()) as {
    data: { id: string; attributes: { slug: string } }[];
    included: {
      type: string;
      id: string;
      attributes: { slug: string; implicit: boolean; state: string };
      relationships: { event: { data: { id: string } } };
    }[];
  };
  const open = listed.included.find(
    (r) => r.type === "appointments" && !r.attributes.implicit && r.attributes.state === "open",
  );
  const event = listed.data.find((e) => e.id === open?.relationships.event.data.id);
  if (!open || !event) throw new Error("The demo has no open appointment of its own.");
  return {
    appointmentId: open.id,
    page: `${prefix}/evento/${event.attributes.slug}/appuntamento/${open.attributes.slug}`,
  };
}

/** A form as a browser without JavaScript sends it from the site's own page, with `cookie` ("" for none). */
export function formPost(cookie: string, fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: {
      ...(cookie ? { cookie } : {}),
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams(fields).toString(),
  };
}

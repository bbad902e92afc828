/** A password every runner registered by the server's tests has. */
export const RUNNER_PASSWORD = "ridge before sunrise 2027";

/**
 * Registers a runner through the API of `app`, as an API client does, and gives back their address
 * and the session token the registration answered with.
 */
export async function registeredRunner(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  givenName: string,
  email = `${givenName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`,
): Promise<{ email: string; token: string }> {
  const answer = await app.request("/api/users", {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json", accept: "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "users",
        attributes: { givenName, familyName: "Rossi", email, password: RUNNER_PASSWORD, acceptTerms: true },
      },
    }),
  });
  const document = (await answer.json()) as { included?: { type: string; attributes: { token?: string } }[] };
  const token = document.included?.find((resource) => resource.type === "sessions")?.attributes.token;
  if (answer.status !== 201 || !token) throw new Error(`registering ${givenName} answered ${answer.status}`);
  return { email, token };
}

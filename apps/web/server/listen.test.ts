import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { listen } from "./listen.ts";
import { createLogger } from "./logger.ts";

describe("listen(...).close", () => {
  it("finishes a request in flight, refuses new connections, then resolves", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const started = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const app = new Hono().get("/slow", async (c) => {
      arrived();
      await gate;
      return c.text("finished");
    });
    const listener = await listen(app.fetch, {
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 10_000,
      logger: createLogger("silent"),
    });

    const inFlight = fetch(`${listener.url}/slow`);
    await started;
    let closed = false;
    const closing = listener.close().then(() => {
      closed = true;
    });

    await expect(fetch(`${listener.url}/slow`)).rejects.toThrow();
    expect(closed).toBe(false);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("finished");
    await closing;
    expect(closed).toBe(true);
  });

  it("cuts connections still open when the timeout runs out", async () => {
    const app = new Hono().get("/hang", () => new Promise<Response>(() => {}));
    const listener = await listen(app.fetch, {
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 200,
      logger: createLogger("silent"),
    });
    const hanging = fetch(`${listener.url}/hang`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await listener.close();
    expect(await hanging).toBeInstanceOf(Error);
  });
});

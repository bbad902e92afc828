import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "./testing/process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "sports-events-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the server process (npm start) on the embedded database", () => {
  it("starts on an empty data folder with the demo catalogue, refuses a second process, and stops on SIGTERM", async () => {
    const server = startServerProcess({ DATA_DIR: dataDir });
    const url = await server.listening;
    try {
      expect(server.logs.some((entry) => entry.msg === "seeded the demo catalogue into the empty database")).toBe(true);
      // Outside production, where mails and a provider's way back lead, and what sets it.
      expect(server.logs).toContainEqual(
        expect.objectContaining({ siteUrl: url, msg: expect.stringContaining("set PUBLIC_URL") }),
      );
      const events = await (await fetch(`${url}/api/events`)).json();
      expect(events.meta.total).toBeGreaterThanOrEqual(8);
      expect((await fetch(url)).status).toBe(200);
      expect(existsSync(join(dataDir, "pglite", "server.lock"))).toBe(true);

      const second = startServerProcess({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(JSON.stringify(second.logs)).toContain("is in use by process");
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
    expect(server.logs.at(-1)?.msg).toBe("stopped");
    expect(existsSync(join(dataDir, "pglite", "server.lock"))).toBe(false);
  });

  it("keeps its data across restarts and does not seed twice", async () => {
    const server = startServerProcess({ DATA_DIR: dataDir });
    const url = await server.listening;
    try {
      expect(server.logs.some((entry) => entry.msg === "seeded the demo catalogue into the empty database")).toBe(
        false,
      );
      expect((await (await fetch(`${url}/api/events`)).json()).meta.total).toBeGreaterThanOrEqual(8);
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
  });

  it("stops at once, naming the variable, when the environment is wrong", async () => {
    const server = startServerProcess({ DATA_DIR: dataDir, PORT: "eighty", DEMO_DATA: "maybe" });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT: must be a whole number from 0 to 65535 (got "eighty")');
    expect(server.stderr()).toContain('DEMO_DATA: must be "true" or "false" (got "maybe")');
  });
});

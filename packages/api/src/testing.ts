import type { DatabaseHandle } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { Hono } from "hono";
import { createApi } from "./app.ts";

export const NOW = new Date("2027-05-01T10:00:00Z");

export interface TestApi {
  database: DatabaseHandle;
  /** Sends a request to the API mounted under /api, as the server mounts it. */
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  request(path: string, init?: RequestInit): Promise<Response>;
}

export async function openTestApi(): Promise<TestApi> {
  const database = await openTestDatabase();
  const app = new Hono().route("/api", createApi({ db: database.db, now: () => NOW }));
  const request = async (path: string, init?: RequestInit) => app.request(path, init);
  return {
    database,
    request,
    async get(path, headers = {}) {
      const response = await request(path, { headers });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    },
  };
}

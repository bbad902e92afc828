import { readFileSync } from "node:fs";
import { COURSE_MAX_BYTES, COVER_MAX_BYTES, TIMING_FILE_MAX_BYTES } from "@sports/domain";
import { CERTIFICATE_MAX_BYTES } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { LARGEST_UPLOAD_BYTES, MAX_BODY_BYTES } from "./body.ts";

const NGINX_SITE = new URL("../../../deploy/nginx/sports-events.conf", import.meta.url);
const UNIT = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 } as const;

describe("the largest upload", () => {
  it("is the largest file the API takes, and the shipped nginx lets that through with a form's fields", () => {
    expect(LARGEST_UPLOAD_BYTES).toBe(
      Math.max(CERTIFICATE_MAX_BYTES, COVER_MAX_BYTES, COURSE_MAX_BYTES, TIMING_FILE_MAX_BYTES),
    );
    const limits = [...readFileSync(NGINX_SITE, "utf8").matchAll(/^\s*client_max_body_size\s+(\d+)([kmg]?)\s*;/gim)];
    expect(limits).toHaveLength(1);
    const [, size = "", unit = ""] = limits[0] ?? [];
    expect(Number(size) * UNIT[unit.toLowerCase() as keyof typeof UNIT]).toBe(LARGEST_UPLOAD_BYTES + MAX_BODY_BYTES);
  });
});

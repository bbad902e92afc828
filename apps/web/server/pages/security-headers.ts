/**
 * The headers that keep every answer of the server in its place in the browser: the Content
 * Security Policy with the answer's nonce, the powerful features denied, HSTS and the rest. One
 * function makes them for a rendered page, a kept page and any other answer alike
 * (docs/decisions/056-one-page-wing.md), so no answer learns them from another.
 */
import { randomBytes } from "node:crypto";

export interface SecurityHeaderOptions {
  /** Where course maps take their tiles from (an origin), besides the site itself; none when undefined. */
  tileSource?: string | undefined;
  /** Paths where the camera is granted to the site itself (the check-in desk reading tickets' QR codes). */
  cameraPath?: RegExp;
}

/** The headers of one answer, by lower-case name. */
export type HeaderRecord = Record<string, string>;

/** The security headers for an answer with `nonce` (none: inline scripts and styles refused) at `path`. */
export type SecurityHeaders = (nonce: string | undefined, path: string) => HeaderRecord;

/**
 * Features the site does not use are denied, so an injected script or a framed page cannot ask for
 * them; the camera is granted to the check-in desk alone. Clipboard writes stay allowed (copying
 * bank transfer details), and card payments happen on Stripe's own page.
 */
const DENIED_FEATURES = [
  "camera",
  "microphone",
  "geolocation",
  "payment",
  "usb",
  "serial",
  "hid",
  "bluetooth",
  "midi",
  "accelerometer",
  "gyroscope",
  "magnetometer",
  "display-capture",
  "screen-wake-lock",
  "idle-detection",
  "xr-spatial-tracking",
  "browsing-topics",
];

const permissionsPolicy = (cameraGranted: boolean) =>
  DENIED_FEATURES.map((feature) => `${feature}=${feature === "camera" && cameraGranted ? "(self)" : "()"}`).join(", ");

/** The headers that are the same on every answer. */
const FIXED: HeaderRecord = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=15552000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

export function securityHeaders(options: SecurityHeaderOptions = {}): SecurityHeaders {
  const images = ["'self'", "data:", ...(options.tileSource ? [options.tileSource] : [])].join(" ");
  const policy = (source: string) =>
    [
      "default-src 'self'",
      `script-src ${source}`,
      `style-src ${source}`,
      `img-src ${images}`,
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      // A form's redirect is held to this too: paying by card without JavaScript posts the recap,
      // which redirects to Stripe's hosted Checkout.
      "form-action 'self' https://checkout.stripe.com",
    ].join("; ");
  const withoutNonce = policy("'self'");
  const denied = permissionsPolicy(false);
  const granted = permissionsPolicy(true);
  return (nonce, path) => ({
    "content-security-policy": nonce ? policy(`'self' 'nonce-${nonce}'`) : withoutNonce,
    "permissions-policy": options.cameraPath?.test(path) ? granted : denied,
    ...FIXED,
  });
}

/** A fresh nonce for one answer: 16 bytes from the system's secure random source, in base64. */
export function freshNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Sets `record`'s headers on `headers`, replacing any of the same name. */
export function setAll(headers: Headers, record: HeaderRecord): void {
  for (const name in record) headers.set(name, record[name] as string);
}

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type HttpBindings, serve } from "@hono/node-server";
import type { Logger } from "./logger.ts";

export interface Listener {
  /** The address it listens on, e.g. http://localhost:3000. */
  url: string;
  /**
   * Stops accepting connections and resolves once every in-flight request has been answered; after
   * `shutdownTimeoutMs` the connections still open are cut.
   */
  close(): Promise<void>;
}

export async function listen(
  /** Called as Hono's `fetch`: `env` holds Node's `incoming` request and `outgoing` response. */
  fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>,
  options: { host: string; port: number; shutdownTimeoutMs: number; logger: Logger },
): Promise<Listener> {
  const server = await new Promise<Server>((resolve, reject) => {
    // Without createServer options, @hono/node-server creates a plain node:http server.
    const listening = serve(
      { fetch: (request, env) => fetch(request, env as HttpBindings), hostname: options.host, port: options.port },
      () => resolve(listening as Server),
    );
    listening.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const local = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(address.address);
  const host = local ? "localhost" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        options.logger.warn("shutdown timeout reached; closing the connections still open");
        server.closeAllConnections();
      }, options.shutdownTimeoutMs);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      // Keep-alive connections with no request in flight would otherwise hold close() open.
      server.closeIdleConnections();
    });
    return closing;
  };
  return { url, close };
}

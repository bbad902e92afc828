import { BlockList, isIP } from "node:net";

/** An entry of TRUST_PROXY: `loopback`, an address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function isProxyEntry(entry: string): boolean {
  if (entry === "loopback") return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The reverse proxies TRUST_PROXY names, or undefined when it names none. */
export function trustedProxies(entries: readonly string[]): BlockList | undefined {
  if (entries.length === 0) return undefined;
  const proxies = new BlockList();
  for (const entry of entries) {
    if (entry === "loopback") {
      proxies.addSubnet("127.0.0.0", 8, "ipv4");
      proxies.addAddress("::1", "ipv6");
      continue;
    }
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return proxies;
}

const isTrusted = (proxies: BlockList, address: string) =>
  isIP(address) !== 0 && proxies.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");

const LOOPBACK = trustedProxies(["loopback"]) as BlockList;
/** 127.0.0.0/8 and ::1 (an IPv4-mapped `::ffff:127.0.0.1` included: the block list matches it). */
const isLoopback = (address: string) => isTrusted(LOOPBACK, address);

/** Headers a proxy adds to say whom it forwards for. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * Whether a request comes from the machine the server runs on: its connection's peer is loopback and
 * so is the visitor behind any trusted proxy. A proxy on this machine that TRUST_PROXY does not name
 * still gives itself away by its forwarding headers, and is refused: whoever it forwards for may be
 * anywhere. For what only whoever runs the site may see (the development outbox).
 */
export function isFromThisMachine(peer: string | undefined, headers: Headers, proxies: BlockList | undefined): boolean {
  if (!peer || !isLoopback(peer)) return false;
  const trusted = proxies !== undefined && isTrusted(proxies, peer);
  if (!trusted) return !FORWARDING_HEADERS.some((name) => headers.has(name));
  return isLoopback(visitorAddress(peer, headers.get("x-forwarded-for") ?? undefined, proxies));
}

/**
 * The visitor's address. A request straight from the visitor: the connection's peer. A request from
 * a trusted proxy: each proxy appends the address it was connected from to `X-Forwarded-For`, so the
 * list is read from the right, past the trusted proxies, to the first address that is not one;
 * anything further left was written by the visitor and may be forged. A list that ends early or holds
 * something other than an address leaves the last proxy that could be trusted.
 */
export function visitorAddress(peer: string, forwardedFor: string | undefined, proxies: BlockList | undefined): string {
  if (!proxies || !forwardedFor) return peer;
  const hops = forwardedFor.split(",").map((hop) => hop.trim());
  let address = peer;
  while (isTrusted(proxies, address)) {
    const next = hops.pop();
    if (next === undefined || isIP(next) === 0) break;
    address = next;
  }
  return address;
}

/**
 * The request as the visitor sent it. A trusted proxy that terminated TLS passes the request on over
 * plain HTTP and says so in `X-Forwarded-Proto`: the URL is then made `https:` again, so the site's
 * origin checks (cookie-authenticated changes must come from the site's own origin) and the links it
 * writes see what the visitor's browser sees. From anyone else, the header is ignored.
 */
export function asSentByVisitor(request: Request, peer: string | undefined, proxies: BlockList | undefined): Request {
  if (!proxies || !peer || !isTrusted(proxies, peer)) return request;
  const protocol = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const url = new URL(request.url);
  if ((protocol !== "https" && protocol !== "http") || url.protocol === `${protocol}:`) return request;
  url.protocol = `${protocol}:`;
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  };
  return new Request(url, init);
}

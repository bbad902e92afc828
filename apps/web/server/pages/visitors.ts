/**
 * Who a session is, remembered between its requests for the frame of kept pages
 * (docs/decisions/033-kept-pages-for-everyone.md): asking the database for every page a logged-in
 * runner opens cost more than the rest of answering it (bench/README.md, "Registration opening
 * benchmark").
 *
 * A visitor is forgotten as soon as the database announces that their account changed or one of
 * their sessions ended (`onAccountChange`: triggers, so every path that changes an account is
 * heard, on every process), and in any case after `ttlMs`. A lookup under way while a change is
 * heard is not remembered: it may have read the account as it was. Only a session found is
 * remembered; credentials that name nobody are asked about every time, so made-up cookies fill nothing.
 */
import { hash } from "node:crypto";

export interface RememberedVisitors<Visitor> {
  visitorOf(request: Request): Promise<Visitor | null>;
  /** The account of `userId` changed or a session of theirs ended; null: anyone's may have. */
  forget(userId: string | null): void;
  readonly size: number;
}

export function rememberedVisitors<Visitor extends { id: string }>(
  lookup: (request: Request) => Promise<Visitor | null>,
  options: { ttlMs?: number; max?: number; clock?: () => number } = {},
): RememberedVisitors<Visitor> {
  const { ttlMs = 60_000, max = 10_000, clock = performance.now.bind(performance) } = options;
  const remembered = new Map<string, { visitor: Visitor; until: number }>();
  let generation = 0;

  return {
    async visitorOf(request) {
      const key = credentialsKey(request);
      const now = clock();
      const found = remembered.get(key);
      if (found && found.until > now) return found.visitor;
      if (found) remembered.delete(key);
      const started = generation;
      const visitor = await lookup(request);
      if (visitor && started === generation) {
        remembered.set(key, { visitor, until: now + ttlMs });
        if (remembered.size > max) remembered.delete(remembered.keys().next().value as string);
      }
      return visitor;
    },
    forget(userId) {
      generation++;
      if (userId === null) {
        remembered.clear();
        return;
      }
      for (const [key, { visitor }] of remembered) if (visitor.id === userId) remembered.delete(key);
    },
    get size() {
      return remembered.size;
    },
  };
}

/** What names the session: its `Authorization` and cookies, hashed so no token is kept as such. */
function credentialsKey(request: Request): string {
  const authorization = request.headers.get("authorization") ?? "";
  const cookie = request.headers.get("cookie") ?? "";
  // The one-shot hash, cheaper than a Hash object per request.
  return hash("sha256", `${authorization}\n${cookie}`, "base64");
}

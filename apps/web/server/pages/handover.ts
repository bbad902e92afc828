/**
 * What the site takes from a document the API handed over in process (`DocumentHandover`,
 * packages/api/src/respond.ts; docs/decisions/040-documents-handed-over.md): the document itself in
 * production, so that no JSON is written and parsed back for the site's own reads. Elsewhere (tests,
 * development) the document must be exactly what its JSON gives back, plain values only, and the
 * site gets that JSON's copy frozen: a value JSON would change (a date, `undefined`, a map) or a
 * change the site makes to a document (which the API may share with what it keeps) fails there.
 */
export function takeHandedOver(document: unknown, checked: boolean): unknown {
  if (!checked) return document;
  assertPlainJson(document, "the document");
  return deepFreeze(JSON.parse(JSON.stringify(document)));
}

/** Throws unless `value` holds only what JSON writes and reads back the same. */
export function assertPlainJson(value: unknown, path: string): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return;
    throw notJson(path, String(value));
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      assertPlainJson(item, `${path}[${index}]`);
    });
    return;
  }
  if (typeof value === "object") {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw notJson(path, value.constructor?.name ?? "object");
    for (const [key, member] of Object.entries(value)) assertPlainJson(member, `${path}.${key}`);
    return;
  }
  throw notJson(path, typeof value);
}

function notJson(path: string, what: string): Error {
  return new Error(`The API handed over ${path} as ${what}, which its JSON would not give back.`);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

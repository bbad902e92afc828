/** JSON:API 1.1 (https://jsonapi.org/format/1.1/): the document shapes both the server and the site speak. */
export const JSONAPI_MEDIA_TYPE = "application/vnd.api+json";

export type Meta = Record<string, unknown>;

export type Link = string | { href: string; meta?: Meta };

export interface Links {
  self?: Link | null;
  related?: Link | null;
  first?: Link | null;
  prev?: Link | null;
  next?: Link | null;
  last?: Link | null;
  [name: string]: Link | null | undefined;
}

export interface ResourceIdentifier<TType extends string = string> {
  type: TType;
  id: string;
}

export interface Relationship {
  data?: ResourceIdentifier | ResourceIdentifier[] | null;
  links?: Links;
  meta?: Meta;
}

export interface ResourceObject<TType extends string = string, TAttributes = Record<string, unknown>> {
  type: TType;
  id: string;
  attributes?: Partial<TAttributes>;
  relationships?: Record<string, Relationship>;
  links?: Links;
  meta?: Meta;
}

export interface ErrorObject {
  id?: string;
  status: string;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string; header?: string };
  meta?: Meta;
}

export interface DataDocument<
  TData extends ResourceObject | ResourceObject[] | null = ResourceObject | ResourceObject[] | null,
> {
  jsonapi?: { version: "1.1" };
  data: TData;
  included?: ResourceObject[];
  links?: Links;
  meta?: Meta;
}

export interface ErrorDocument {
  jsonapi?: { version: "1.1" };
  errors: ErrorObject[];
  meta?: Meta;
}

export type Document = DataDocument | ErrorDocument;

export function isErrorDocument(document: unknown): document is ErrorDocument {
  return typeof document === "object" && document !== null && Array.isArray((document as ErrorDocument).errors);
}

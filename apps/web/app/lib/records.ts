import type {
  AppointmentAttributes,
  EventAttributes,
  PageAttributes,
  ResourceObject,
  StayAttributes,
} from "@sports/jsonapi";

/** The catalogue's resources with their attributes present (the site asks for full fieldsets). */
export interface Resource<T> {
  type: string;
  id: string;
  attributes: T;
  relationships?: ResourceObject["relationships"];
  links?: ResourceObject["links"];
}
export type EventResource = Resource<EventAttributes>;
export type AppointmentResource = Resource<AppointmentAttributes>;
export type StayResource = Resource<StayAttributes>;
export type PageResource = Resource<PageAttributes>;

export interface EventList {
  data: EventResource[];
  meta: { total: number };
}
export interface EventDocument {
  data: EventResource;
  included?: ResourceObject[];
}
export interface PageDocument {
  data: PageResource;
}

/** The included resources of one type, in the order the API sent them. */
export function includedOf<T>(document: { included?: ResourceObject[] }, type: string): Resource<T>[] {
  return (document.included ?? []).filter((resource) => resource.type === type) as Resource<T>[];
}

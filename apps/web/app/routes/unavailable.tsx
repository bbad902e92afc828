import { data } from "react-router";

/**
 * Routes of SPEC §2 that later work brings (accounts, signup, payment result): declared in the
 * route table so the URLs are reserved, answered as not found until they exist.
 */
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function Unavailable() {
  return null;
}

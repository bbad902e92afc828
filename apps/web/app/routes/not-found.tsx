import { data } from "react-router";

/**
 * Any path no other route takes. Without it such a path matched nothing at all: React Router
 * answered from the root, before the i18n guard, so its 404 page was neither in the prefix's
 * language nor titled with its status (the layouts' error boundaries give both).
 */
export function loader(): never {
  throw data(null, { status: 404 });
}

/** Never shown: the loader always answers 404, which the layout's error boundary shows. */
export default function NotFound() {
  return null;
}

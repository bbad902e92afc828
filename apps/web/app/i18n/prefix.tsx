import { Outlet } from "react-router";

/** The parent of every route under a language prefix: the prefix itself is handled by the i18n guard. */
export default function LanguagePrefix() {
  return <Outlet />;
}

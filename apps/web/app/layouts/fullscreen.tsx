import { Outlet } from "react-router";
import { OfflineNotice } from "../components/offline-notice.tsx";

/** No chrome at all: the payment hand-off and result, where nothing should lead the visitor away. */
export default function FullscreenLayout() {
  return (
    <>
      <OfflineNotice />
      <Outlet />
    </>
  );
}

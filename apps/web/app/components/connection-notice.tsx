import { useEffect } from "react";
import { useNavigate } from "react-router";
import { connectionLoss, guardOfflineTriggers, useConnectionLoss } from "../lib/connection-loss.ts";
import * as m from "../paraglide/messages.js";

/**
 * Says that the connection dropped when a link or a form could not reach the server, on every page
 * (the root renders it), with "Try again". The page behind it is the one the visitor was on, with
 * what they typed (docs/decisions/017-connection-loss.md).
 */
export function ConnectionNotice() {
  const lost = useConnectionLoss();
  const navigate = useNavigate();
  useEffect(() => guardOfflineTriggers(), []);
  if (!lost) return null;
  const retry = () => {
    const { retry: again } = lost;
    connectionLoss.clear();
    if (again.kind === "visit") navigate(again.to);
    else again.run();
  };
  return (
    <div className="connection-notice" role="alert" key={lost.attempt}>
      <p>{lost.reason === "offline" ? m.offline_form_held() : m.connection_lost()}</p>
      <button type="button" className="button button-primary" onClick={retry}>
        {m.connection_retry()}
      </button>
    </div>
  );
}

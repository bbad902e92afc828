import { consolePath } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { actorLabel, auditRecordLabel, logActionLabel } from "../../console/audit-labels.ts";
import { ConsoleTable } from "../../console/console-table.tsx";
import { readApi } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/audit.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_audit_title());
}

interface AuditLine {
  id: string;
  attributes: {
    at: string;
    actorKind: string;
    actorUserId: string | null;
    actorEmail: string | null;
    action: string;
    subjectType: string;
    subjectId: string;
  };
}

/** The team's every change, newest first (`GET /api/audit-entries`), a page at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("prima");
  const document = await readApi<{ data: AuditLine[]; links: { next: string | null } }>(context, "/api/audit-entries", {
    "page[size]": 50,
    ...(before && /^\d+$/.test(before) ? { "page[before]": before } : {}),
  });
  const last = document.data.at(-1);
  return { entries: document.data, older: document.links.next && last ? last.id : null };
}

export default function AuditLog() {
  const { entries, older } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  return (
    <main id="content" className="console-main">
      <h1 id="audit-title">{m.console_audit_title()}</h1>
      {entries.length === 0 ? (
        <p>{m.console_audit_empty()}</p>
      ) : (
        <ConsoleTable
          labelledBy="audit-title"
          columns={[m.console_audit_when(), m.console_audit_who(), m.console_audit_what(), m.console_audit_record()]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.attributes.at, locale, "Europe/Rome")}</td>
              <td>
                {entry.attributes.actorEmail ? `${entry.attributes.actorEmail} · ` : null}
                {actorLabel(entry.attributes.actorKind)}
              </td>
              <td>{logActionLabel(entry.attributes.action)}</td>
              <td>
                {auditRecordLabel(entry.attributes.subjectType)} <code>{entry.attributes.subjectId.slice(0, 8)}</code>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {older ? (
        <p>
          <SiteLink to={`${consolePath("audit")}?prima=${older}`}>{m.console_audit_older()}</SiteLink>
        </p>
      ) : null}
    </main>
  );
}

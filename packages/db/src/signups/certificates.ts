import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../database.ts";
import { certificates, participants } from "../schema.ts";

/** Medical certificates: health data, read back only through their owner's signup. */

export interface CertificateFile {
  id: string;
  userId: string | null;
  signupId: string | null;
  mediaType: string;
  fileName: string;
  size: number;
  createdAt: Date;
}

const fileColumns = {
  id: certificates.id,
  userId: certificates.userId,
  signupId: certificates.signupId,
  mediaType: certificates.mediaType,
  fileName: certificates.fileName,
  size: certificates.size,
  createdAt: certificates.createdAt,
};

export async function insertCertificate(
  db: Database,
  values: { userId: string; signupId: string; mediaType: string; fileName: string; content: Buffer },
): Promise<CertificateFile> {
  const [row] = await db
    .insert(certificates)
    .values({ ...values, size: values.content.length })
    .returning(fileColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** A certificate's description, without its bytes. */
export async function findCertificate(db: Database, id: string): Promise<CertificateFile | undefined> {
  const rows = await db.select(fileColumns).from(certificates).where(eq(certificates.id, id)).limit(1);
  return rows[0];
}

export async function certificateContent(db: Database, id: string, signupId: string): Promise<Buffer | undefined> {
  const rows = await db
    .select({ content: certificates.content })
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.signupId, signupId)))
    .limit(1);
  return rows[0]?.content;
}

/**
 * The latest expiry date a participant was saved with for this certificate, if any: what its owner
 * said of it (the file itself says nothing the server reads).
 */
export async function certificateExpiry(db: Database, id: string): Promise<string | undefined> {
  const rows = await db
    .select({ expiresOn: participants.certificateExpiresOn })
    .from(participants)
    .where(and(eq(participants.certificateId, id), isNotNull(participants.certificateExpiresOn)))
    .orderBy(desc(participants.certificateExpiresOn))
    .limit(1);
  return rows[0]?.expiresOn ?? undefined;
}

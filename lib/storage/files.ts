// Uploaded files behind one interface; the default (and today the only) backend is the database, so every
// instance serves what any instance stored, and PGlite keeps everything in its single data folder.
import fs from "node:fs/promises";
import path from "node:path";
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db/open";

export interface StoredFileData {
  bytes: Buffer;
  mime: string;
}

export interface FileStorage {
  put(key: string, data: StoredFileData): Promise<void>;
  get(key: string): Promise<StoredFileData | null>;
}

// In or out of a transaction: a Prisma client is a TransactionClient too (docs/architecture.md, "Database access").
type Client = Prisma.TransactionClient;

export function databaseStorage(db: Client): FileStorage {
  // Bytes travel as base64 text: the embedded database's driver adapter does not take binary parameters.
  return {
    async put(key, { bytes, mime }) {
      const b64 = bytes.toString("base64");
      await db.$executeRaw`INSERT INTO stored_files (key, mime_type, size, bytes) VALUES (${key}, ${mime}, ${bytes.length}, decode(${b64}, 'base64'))
        ON CONFLICT (key) DO UPDATE SET mime_type = EXCLUDED.mime_type, size = EXCLUDED.size, bytes = EXCLUDED.bytes`;
    },
    async get(key) {
      const rows = await db.$queryRaw<Array<{ mime_type: string; b64: string }>>`SELECT mime_type, encode(bytes, 'base64') AS b64 FROM stored_files WHERE key = ${key}`;
      return rows.length > 0 ? { bytes: Buffer.from(rows[0].b64, "base64"), mime: rows[0].mime_type } : null;
    },
  };
}

export function fileStorage(db: Client): FileStorage {
  return databaseStorage(db);
}

/**
 * Calendar images uploaded by an older version live in DATA_DIR/uploads/calendar; each one still on disk and
 * not yet in the database is copied in at start (once: ON CONFLICT DO NOTHING). Returns how many were copied.
 */
export async function importLegacyUploads(database: Database, dataDir: string): Promise<number> {
  const rows = await database.sql.query<{ stored_path: string; mime_type: string }>(
    `SELECT i.stored_path, i.mime_type FROM calendar_images i
      WHERE i.stored_path IS NOT NULL AND i.stored_path <> ''
        AND NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.key = i.stored_path)`,
  );
  let copied = 0;
  for (const r of rows) {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path.join(dataDir, "uploads", "calendar", path.basename(r.stored_path)));
    } catch {
      continue; // not on this instance's disk: another instance (or nobody) has it
    }
    const done = await database.sql.query(
      `INSERT INTO stored_files (key, mime_type, size, bytes) VALUES ($1, $2, $3, decode($4, 'base64')) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [r.stored_path, r.mime_type, bytes.length, bytes.toString("base64")],
    );
    copied += done.length;
  }
  return copied;
}

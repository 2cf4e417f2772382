/**
 * The files of an export on disk (docs/privacy.md#export): `<EXPORTS_DIR>/<account>/<export>/`
 * holds one `<type>.jsonl` per object type (one JSON object a line) and `manifest.json`.
 * A piece is appended after cutting the file back to the length the database last recorded,
 * so a piece written but not recorded (a crash between the two) is written again, not twice.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const exportFolder = (exportsDir: string, accountId: string, exportId: string) => path.join(exportsDir, accountId, exportId);

/** Appends `lines` to `file` at `offset` (its recorded length); returns the new length. */
export async function appendPiece(file: string, offset: number, lines: readonly unknown[]): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'a+');
  try {
    await handle.truncate(offset);
    const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    if (text) await handle.write(text, offset);
    await handle.sync();
    return offset + Buffer.byteLength(text);
  } finally {
    await handle.close();
  }
}

/** The file's SHA-256 (hex) and length, read as a stream. */
export async function digestOf(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Writes the manifest; returns its checksum (`sha256:` and hex) and length. */
export async function writeManifest(folder: string, manifest: unknown): Promise<{ checksum: string; bytes: number }> {
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'manifest.json'), text);
  return { checksum: `sha256:${createHash('sha256').update(text).digest('hex')}`, bytes: Buffer.byteLength(text) };
}

export async function fileExists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Only folders named like an account id are the worker's: anything else in the folder is left alone. */
const ACCOUNT_FOLDER = /^acct_[0-9a-z]{26}$/;

/** The account folders of the exports folder (their names are account ids); none when it does not exist yet. */
export async function accountFolders(exportsDir: string): Promise<string[]> {
  try {
    return (await readdir(exportsDir, { withFileTypes: true })).filter((e) => e.isDirectory() && ACCOUNT_FOLDER.test(e.name)).map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

export async function removeAccountFolder(exportsDir: string, accountId: string): Promise<void> {
  await rm(path.join(exportsDir, accountId), { recursive: true, force: true });
}

/** A failure of the disk rather than of the database: the export cannot be written as configured. */
export function isFileSystemError(err: unknown): err is NodeJS.ErrnoException {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

export { readFile };

// Writing files that others read while they are written (the image cache, database backups).
import { randomBytes } from 'node:crypto'
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Writes next to the target and renames, so that a reader never sees half a file under its name. */
export async function writeAtomically(path: string, body: Uint8Array, mode = 0o644): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temp, body, { mode })
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
}

import fs from 'node:fs'
import path from 'node:path'

/**
 * The official artefacts the money tests validate against (EPC pain.001 schema, EN 16931 CII schema and
 * rules) live in `../shared/` beside the checkout — CI has them there — and are never copied into the
 * repository. `SHARED_DIR` points elsewhere for a clone that is not beside them. A missing file fails
 * the test with this path in the message, never skips it.
 */
export const SHARED_DIR = process.env.SHARED_DIR ?? path.resolve(import.meta.dirname, '../../../shared')

export function sharedFile(relative: string): string {
	const file = path.join(SHARED_DIR, relative)
	if (!fs.existsSync(file)) {
		throw new Error(`${file} is missing: clone beside ../shared (as CI does) or set SHARED_DIR`)
	}
	return file
}

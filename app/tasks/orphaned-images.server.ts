import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { images } from '#db/schema/catalogue.ts'
import { PARTIAL_FILE } from '#app/models/catalogue/images.server.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * Removes image folders no `images` row names (ADR 0141): UPLOADS_DIR/img/<id>/
 * left behind when a process died between writing an upload's files and
 * committing its row, and half-written files (`*.tmp`) of such a crash in
 * folders that are in use. Nothing changed within the grace period is
 * touched, so an upload still being written is never removed; an upload
 * writes its files in the transaction that commits its row, and each folder
 * is checked and removed in an IMMEDIATE transaction of its own, so a row
 * committed meanwhile is always seen. Only folders named like an image id
 * are considered. UPLOADS_DIR belongs to one database: point two databases at
 * one folder and this task removes the other one's images.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000
const IMAGE_ID = /^[A-Za-z0-9_-]{16}$/

/** The latest change to a folder or any file in it (ms), or null when it is gone. */
function lastChange(directory: string): number | null {
	try {
		let latest = fs.statSync(directory).mtimeMs
		for (const name of fs.readdirSync(directory)) {
			latest = Math.max(latest, fs.statSync(path.join(directory, name)).mtimeMs)
		}
		return latest
	} catch {
		return null
	}
}

function removeStalePartialFiles(directory: string, before: number): number {
	let removed = 0
	try {
		for (const name of fs.readdirSync(directory).filter((n) => PARTIAL_FILE.test(n))) {
			const file = path.join(directory, name)
			if (fs.statSync(file).mtimeMs < before) {
				fs.rmSync(file, { force: true })
				removed++
			}
		}
	} catch {
		// The folder or file went meanwhile (its image was deleted).
	}
	return removed
}

export const orphanedImagesTask: TaskDefinition = {
	name: 'orphaned-images',
	schedule: '23 * * * *',
	run: ({ now }) => {
		const root = path.join(getEnv().UPLOADS_DIR, 'img')
		if (!fs.existsSync(root)) return { itemsProcessed: 0 }
		const before = now.getTime() - ORPHAN_GRACE_MS
		const known = new Set(
			getDb()
				.select({ id: images.id })
				.from(images)
				.all()
				.map((row) => row.id),
		)
		let removed = 0
		for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
			if (!entry.isDirectory() || !IMAGE_ID.test(entry.name)) continue
			const directory = path.join(root, entry.name)
			if (known.has(entry.name)) {
				removed += removeStalePartialFiles(directory, before)
				continue
			}
			if ((lastChange(directory) ?? Infinity) >= before) continue
			removed += immediateTransaction((tx) => {
				// Again under the write lock: an upload may have committed this image since the list was read.
				if (tx.select({ id: images.id }).from(images).where(eq(images.id, entry.name)).get()) return 0
				if ((lastChange(directory) ?? Infinity) >= before) return 0
				fs.rmSync(directory, { recursive: true, force: true })
				return 1
			})
		}
		return { itemsProcessed: removed }
	},
}

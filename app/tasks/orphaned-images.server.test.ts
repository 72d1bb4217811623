import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { addPhotos, listEditorPhotos } from '#app/models/host-office/host-photos.server.ts'
import { getImage, imageIdFor } from '#app/models/catalogue/images.server.ts'
import { getEnv, resetEnvCache } from '#app/utils/env.server.ts'
import { silentHub } from '#app/utils/realtime.ts'
import { runTask } from '#app/utils/scheduler.server.ts'
import { ALL_TASKS } from './index.server.ts'
import { ORPHAN_GRACE_MS, orphanedImagesTask } from './orphaned-images.server.ts'

/**
 * Issue 29 (Hardening II): a crash during an upload left an image folder that
 * nothing removed (ADR 0141). Here a separate process uploads a photo and is
 * killed with SIGKILL once the first of its files is written; the clean-up
 * task then removes that folder, but only after the grace period, and keeps
 * every folder an image row names.
 */
let uploadsDir: string
const previousUploadsDir = process.env.UPLOADS_DIR

beforeAll(() => {
	// A folder of its own: the test files' shared one holds the images of other test databases.
	uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orphaned-images-'))
	process.env.UPLOADS_DIR = uploadsDir
	resetEnvCache()
})
afterAll(() => {
	process.env.UPLOADS_DIR = previousUploadsDir
	resetEnvCache()
	fs.rmSync(uploadsDir, { recursive: true, force: true })
})

const jpeg = (red: number) =>
	sharp({ create: { width: 900, height: 600, channels: 3, background: { r: red, g: 90, b: 40 } } })
		.jpeg()
		.toBuffer()
const folder = (bytes: Buffer) => path.join(uploadsDir, 'img', imageIdFor(bytes))
const clean = (now: Date) => runTask(orphanedImagesTask, 'manual', { hub: silentHub, now })
const afterGrace = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000)

/** Runs the crash fixture; resolves once it has been killed after writing the photo's first file. */
async function uploadAndKill(hostId: string, playroomId: string, bytes: Buffer) {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-crash-'))
	const photoFile = path.join(work, 'photo.jpg')
	const readyFile = path.join(work, 'ready')
	fs.writeFileSync(photoFile, bytes)
	// Node itself with tsx's loader (the tsx command would run Node as a child of its own, out of the kill's reach).
	const child = spawn(
		process.execPath,
		['--import', 'tsx', path.resolve('tests/fixtures/image-upload-crash-worker.ts')],
		{
			env: {
				...process.env,
				DATABASE_PATH: getEnv().DATABASE_PATH,
				UPLOADS_DIR: uploadsDir,
				READY_FILE: readyFile,
				PHOTO_FILE: photoFile,
				HOST_ID: hostId,
				PLAYROOM_ID: playroomId,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	)
	let output = ''
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const exited = new Promise<NodeJS.Signals | null>((resolve) =>
		child.on('exit', (_code, signal) => resolve(signal)),
	)
	const deadline = Date.now() + 60_000
	while (!fs.existsSync(readyFile) && child.exitCode === null && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 20))
	expect(fs.existsSync(readyFile), output).toBe(true)
	child.kill('SIGKILL')
	expect(await exited).toBe('SIGKILL')
	const written = fs.readFileSync(readyFile, 'utf8')
	fs.rmSync(work, { recursive: true, force: true })
	return written
}

describe('orphaned image folders', () => {
	test('the clean-up is one of the scheduled tasks', () => {
		expect(ALL_TASKS).toContain(orphanedImagesTask)
	})

	test('a kill -9 during an upload leaves a folder that the clean-up removes after the grace period; used folders stay', async () => {
		const host = await createTestUser({ role: 'Owner' })
		const { id: playroomId } = await createTestPlayroom({ hostId: host.id, photos: [] })
		const kept = await jpeg(20)
		await addPhotos(host, playroomId, [{ name: 'bleibt.jpg', bytes: kept }])
		const keptFiles = fs.readdirSync(folder(kept)).sort()
		expect(keptFiles).toHaveLength(4)

		const crashed = await jpeg(200)
		const written = await uploadAndKill(host.id, playroomId, crashed)
		expect(path.dirname(written)).toBe(folder(crashed))
		// The crash left files, but no row and no photo: the transaction was never committed.
		expect(fs.readdirSync(folder(crashed)).length).toBeGreaterThan(0)
		expect(getImage(imageIdFor(crashed))).toBeNull()
		expect(listEditorPhotos(playroomId)).toHaveLength(1)

		// Within the grace period nothing is removed (an upload could still be writing it).
		expect(await clean(new Date())).toMatchObject({ status: 'succeeded', itemsProcessed: 0 })
		expect(fs.existsSync(folder(crashed))).toBe(true)

		expect(await clean(afterGrace())).toMatchObject({ status: 'succeeded', itemsProcessed: 1 })
		expect(fs.existsSync(folder(crashed))).toBe(false)
		expect(fs.readdirSync(folder(kept)).sort()).toEqual(keptFiles)
		expect(listEditorPhotos(playroomId)).toHaveLength(1)

		// The same photo uploaded again afterwards is stored whole.
		await addPhotos(host, playroomId, [{ name: 'nochmal.jpg', bytes: crashed }])
		expect(fs.readdirSync(folder(crashed))).toHaveLength(4)
		expect(await clean(afterGrace())).toMatchObject({ itemsProcessed: 0 })
		expect(fs.readdirSync(folder(crashed))).toHaveLength(4)
	}, 120_000)

	test('stale partial files in a used folder go, other names under img/ are left alone', async () => {
		const host = await createTestUser({ role: 'Owner' })
		const { id: playroomId } = await createTestPlayroom({ hostId: host.id, photos: [] })
		const bytes = await jpeg(120)
		await addPhotos(host, playroomId, [{ name: 'a.jpg', bytes }])
		const partial = path.join(folder(bytes), '640.webp.4242.abc.tmp')
		fs.writeFileSync(partial, 'half')
		const other = path.join(uploadsDir, 'img', 'not-an-image-folder')
		fs.mkdirSync(other, { recursive: true })
		fs.writeFileSync(path.join(other, 'notes.txt'), 'keep')

		expect(await clean(new Date())).toMatchObject({ itemsProcessed: 0 })
		expect(fs.existsSync(partial)).toBe(true)
		expect(await clean(afterGrace())).toMatchObject({ itemsProcessed: 1 })
		expect(fs.existsSync(partial)).toBe(false)
		expect(fs.readdirSync(folder(bytes))).toHaveLength(4)
		expect(fs.readFileSync(path.join(other, 'notes.txt'), 'utf8')).toBe('keep')
	})
})

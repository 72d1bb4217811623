import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { publicFiles } from './public-files.ts'

let directory: string
let baseUrl: string
let close: () => void

beforeAll(async () => {
	directory = fs.mkdtempSync(path.join(os.tmpdir(), 'public-files-'))
	fs.writeFileSync(path.join(directory, 'favicon.svg'), '<svg/>')
	fs.mkdirSync(path.join(directory, 'fonts'))
	fs.writeFileSync(path.join(directory, 'fonts', 'a.woff2'), 'font')
	fs.mkdirSync(path.join(directory, 'assets'))
	fs.writeFileSync(path.join(directory, 'assets', 'app.js'), 'js')
	const app = express()
	app.use(publicFiles(directory))
	app.use((req, res) => res.status(404).send(`app:${req.path}`))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
	close = () => server.close()
})
afterAll(() => {
	close()
	fs.rmSync(directory, { recursive: true, force: true })
})

describe('publicFiles: the top-level files of public/, and nothing else', () => {
	test('a file and a file in a folder present at start are served', async () => {
		expect(await (await fetch(`${baseUrl}/favicon.svg`)).text()).toBe('<svg/>')
		expect(await (await fetch(`${baseUrl}/fonts/a.woff2`)).text()).toBe('font')
	})

	test('page URLs and the assets folder (served on its own) go on to the app', async () => {
		for (const url of ['/playrooms/x', '/favicon.svg.bak', '/assets/app.js', '/']) {
			const response = await fetch(`${baseUrl}${url}`)
			expect(await response.text()).toBe(`app:${url}`)
		}
	})
})

import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

/**
 * Serves the e2e map style (tests/e2e/fixtures/map-style.json, a background layer without sources)
 * on E2E_MAP_PORT, which the server gets as MAP_STYLE_URL (issue 31.17): the maps render in the
 * browser tests without any request to the internet. Afterwards it stops the style server and
 * removes the temporary e2e database (the server created and seeded it).
 */
export default async function globalSetup() {
	const database = process.env.E2E_DATABASE
	const style = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/map-style.json'))
	const styleServer = http.createServer((req, res) => {
		const ok = req.url === '/style.json'
		res.writeHead(ok ? 200 : 404, {
			'content-type': 'application/json',
			'access-control-allow-origin': '*',
		})
		res.end(ok ? style : '{}')
	})
	await new Promise<void>((resolve) =>
		styleServer.listen(Number(process.env.E2E_MAP_PORT), '127.0.0.1', resolve),
	)
	return async () => {
		await new Promise((resolve) => styleServer.close(resolve))
		if (!database) return
		for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true })
	}
}

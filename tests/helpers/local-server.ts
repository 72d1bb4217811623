import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** An HTTP server on a free port of 127.0.0.1 for a test: its base URL, and a close that waits for it. */
export async function startLocalServer(handler: http.RequestListener) {
	const server = http.createServer(handler)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

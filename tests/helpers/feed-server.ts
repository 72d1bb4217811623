import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A tiny HTTP server on 127.0.0.1 for the iCal import tests: `/feed.ics`
 * serves whatever `server.feed` holds now; `/huge.ics` streams 50 MB;
 * `/slow.ics` sends a line every 200 ms and never ends; `/held.ics` answers
 * with `feed` only when the test calls `releaseHeld()`; `/redirect` points
 * to `location`.
 */
export type FeedServer = {
	origin: string
	feed: string
	location: string
	/** Bytes the huge feed actually wrote before the client hung up. */
	hugeBytesSent: number
	/** Requests of /held.ics waiting for `releaseHeld()`. */
	held: number
	/** Answers every waiting /held.ics request with `feed`. */
	releaseHeld: () => void
	close: () => Promise<void>
}

export async function startFeedServer(): Promise<FeedServer> {
	const state: FeedServer = {
		origin: '',
		feed: '',
		location: '',
		hugeBytesSent: 0,
		held: 0,
		releaseHeld: () => {},
		close: async () => {},
	}
	const timers = new Set<NodeJS.Timeout>()
	const held: http.ServerResponse[] = []
	state.releaseHeld = () => {
		for (const response of held.splice(0)) {
			response.writeHead(200, { 'Content-Type': 'text/calendar' })
			response.end(state.feed)
		}
		state.held = 0
	}
	const server = http.createServer((request, response) => {
		if (request.url === '/feed.ics') {
			response.writeHead(200, { 'Content-Type': 'text/calendar' })
			response.end(state.feed)
		} else if (request.url === '/huge.ics') {
			response.writeHead(200, { 'Content-Type': 'text/calendar' })
			const chunk = Buffer.alloc(64 * 1024, 'X')
			const total = 50 * 1024 * 1024
			const write = () => {
				while (state.hugeBytesSent < total) {
					state.hugeBytesSent += chunk.length
					if (!response.write(chunk)) return void response.once('drain', write)
				}
				response.end()
			}
			response.on('close', () => response.removeAllListeners('drain'))
			write()
		} else if (request.url === '/slow.ics') {
			response.writeHead(200, { 'Content-Type': 'text/calendar' })
			response.write('BEGIN:VCALENDAR\r\n')
			const timer = setInterval(() => response.write('X-FILLER:1\r\n'), 200)
			timers.add(timer)
			response.on('close', () => clearInterval(timer))
		} else if (request.url === '/held.ics') {
			held.push(response)
			state.held = held.length
		} else if (request.url === '/redirect') {
			response.writeHead(302, { Location: state.location })
			response.end()
		} else {
			response.writeHead(404)
			response.end()
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	state.origin = `http://127.0.0.1:${port}`
	state.close = () => {
		for (const timer of timers) clearInterval(timer)
		server.closeAllConnections()
		return new Promise((resolve) => server.close(() => resolve()))
	}
	return state
}

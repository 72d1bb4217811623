import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Logger } from 'pino'
import { getLocaleFromPathname } from '#app/utils/locale.ts'
import { refusalBody, type RefusalName } from './security.ts'

type ParserError = Error & { code?: string; rawPacket?: Buffer }

const ANSWERS: Record<string, { status: number; reason: string; name: RefusalName }> = {
	HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', name: 'HeadersTooLarge' },
	HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', name: 'PayloadTooLarge' },
}
const BAD_REQUEST = { status: 400, reason: 'Bad Request', name: 'BadRequest' } as const

/**
 * Requests Node's HTTP parser refuses before Express sees them — a request
 * line or headers over `maxHeaderSize` (16 KB: a 1 MB query string), a
 * malformed request — get the same answers as everything else: the API
 * envelope for /api, a small translated page otherwise (instead of Node's
 * bare 431/400), logged at debug. The request line is read from the bytes the
 * parser had (German when it is not there, like any request without a locale).
 */
export function answerClientErrors(server: Server, logger: Pick<Logger, 'debug'>) {
	server.on('clientError', (error: ParserError, socket: Duplex) => {
		const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
		if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
			socket.destroy()
			return
		}
		if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
			socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
			return
		}
		const answer = (error.code && ANSWERS[error.code]) || BAD_REQUEST
		const path = /^[A-Z]+ (\/[^\s?#]*)/.exec(error.rawPacket?.subarray(0, 4096).toString('latin1') ?? '')?.[1]
		logger.debug({ code: error.code, path }, 'request refused by the HTTP parser')
		const { contentType, body } = refusalBody(
			{ api: path?.startsWith('/api/') ?? false, locale: getLocaleFromPathname(path ?? '/') },
			answer.status,
			answer.name,
		)
		socket.end(
			`HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
				`Content-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
				`Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
		)
	})
}

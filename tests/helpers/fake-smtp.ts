import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { resetEnvCache } from '#app/utils/env.server.ts'

/**
 * A fake SMTP server on a local port, with SMTP_URL pointing at it while `body` runs (the real
 * nodemailer client talks to it). `reject`: every message is refused (a failing delivery).
 * Returns the raw messages it received.
 */
export async function withFakeSmtp(
	body: (received: string[]) => Promise<void>,
	options: { reject?: boolean } = {},
): Promise<string[]> {
	const received: string[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, _session, callback) {
			let raw = ''
			stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
			stream.on('end', () => {
				if (options.reject) {
					const error = new Error('mailbox unavailable') as Error & { responseCode: number }
					error.responseCode = 550
					return callback(error)
				}
				received.push(raw)
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	const previous = process.env.SMTP_URL
	process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
	resetEnvCache()
	try {
		await body(received)
	} finally {
		if (previous === undefined) delete process.env.SMTP_URL
		else process.env.SMTP_URL = previous
		resetEnvCache()
		await new Promise<void>((resolve) => server.close(() => resolve()))
	}
	return received
}

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFeedServer, type FeedServer } from '#tests/helpers/feed-server.ts'
import {
	assertExternalUrl,
	ExternalFetchError,
	fetchExternalText,
	isNonPublicAddress,
} from './external-fetch.server.ts'

let server: FeedServer
beforeAll(async () => {
	server = await startFeedServer()
	server.feed = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'
})
afterAll(() => server.close())

async function failure(run: () => Promise<unknown>): Promise<ExternalFetchError> {
	try {
		await run()
	} catch (error) {
		if (error instanceof ExternalFetchError) return error
		throw error
	}
	throw new Error('expected a refusal')
}

describe('outbound fetch guard', () => {
	test('loopback, private, link-local and mapped addresses are not public; real ones are', () => {
		for (const address of [
			'127.0.0.1',
			'10.0.0.1',
			'172.16.5.4',
			'192.168.1.1',
			'169.254.169.254',
			'100.64.0.1',
			'0.0.0.0',
			'::1',
			'::',
			'fe80::1',
			'fd00::1',
			'::ffff:127.0.0.1',
			'::ffff:10.0.0.1',
		]) {
			expect(isNonPublicAddress(address), address).toBe(true)
		}
		for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) {
			expect(isNonPublicAddress(address), address).toBe(false)
		}
	})

	test('IPv6 forms that carry a private IPv4 address, and site-local IPv6, are not public (issue 29)', async () => {
		const refused = [
			// The four forms of the review: IPv4-compatible (dotted and hex), IPv4-translated, site-local.
			'::127.0.0.1',
			'::7f00:1',
			'::ffff:0:7f00:1',
			'fec0::1',
			// The same embeddings of other private networks, and NAT64 of a private address.
			'::10.0.0.1',
			'::ffff:0:a9fe:a9fe',
			'::ffff:0:192.168.1.1',
			'64:ff9b::127.0.0.1',
			'64:ff9b::a9fe:a9fe',
			'64:ff9b:1::8.8.8.8',
			'feff::1',
			'2001::1',
			'3fff::1',
			'fe80::1%eth0',
		]
		for (const address of refused) expect(isNonPublicAddress(address), address).toBe(true)
		// A public IPv4 address behind NAT64 (DNS64 networks) stays reachable.
		for (const address of ['64:ff9b::8.8.8.8', '::ffff:1.1.1.1', '2001:4860:4860::8888']) {
			expect(isNonPublicAddress(address), address).toBe(false)
		}
		for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[::ffff:0:7f00:1]', '[fec0::1]']) {
			const url = `http://${host}:${new URL(server.origin).port}/feed.ics`
			expect((await failure(() => fetchExternalText(url, { allowPrivate: false }))).code, url).toBe(
				'blockedAddress',
			)
			expect((await failure(() => assertExternalUrl(url, { allowPrivate: false }))).code, url).toBe(
				'blockedAddress',
			)
		}
	})

	test('127.0.0.1, 10.0.0.1 and a name resolving to loopback are refused without the allowance', async () => {
		for (const url of [`${server.origin}/feed.ics`, 'http://10.0.0.1/feed.ics', 'http://[::1]/x.ics']) {
			expect((await failure(() => fetchExternalText(url, { allowPrivate: false }))).code, url).toBe(
				'blockedAddress',
			)
			expect((await failure(() => assertExternalUrl(url, { allowPrivate: false }))).code, url).toBe(
				'blockedAddress',
			)
		}
		// Resolved by DNS (the socket's lookup), not a literal address.
		const byName = server.origin.replace('127.0.0.1', 'localhost')
		expect((await failure(() => fetchExternalText(`${byName}/feed.ics`, { allowPrivate: false }))).code).toBe(
			'blockedAddress',
		)
		// With the allowance the same feed is read.
		expect(await fetchExternalText(`${server.origin}/feed.ics`, { allowPrivate: true })).toContain(
			'BEGIN:VCALENDAR',
		)
	})

	test('only http and https; a redirect to a private address is refused', async () => {
		for (const url of [
			'file:///etc/passwd',
			'ftp://example.com/a.ics',
			'not a url',
			'http://u:p@example.com/',
		]) {
			expect((await failure(() => fetchExternalText(url))).code, url).toBe('scheme')
		}
		server.location = 'file:///etc/passwd'
		expect(
			(await failure(() => fetchExternalText(`${server.origin}/redirect`, { allowPrivate: true }))).code,
		).toBe('scheme')
		server.location = `${server.origin}/feed.ics`
		expect(await fetchExternalText(`${server.origin}/redirect`, { allowPrivate: true })).toContain(
			'VCALENDAR',
		)
	})

	test('a 50 MB feed is cut off at the size limit, a slow one at the time limit', async () => {
		const large = await failure(() => fetchExternalText(`${server.origin}/huge.ics`, { allowPrivate: true }))
		expect(large.code).toBe('tooLarge')
		expect(large.params).toEqual({ megabytes: 5 })
		// The client hung up long before 50 MB.
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(server.hugeBytesSent).toBeLessThan(20 * 1024 * 1024)

		const started = Date.now()
		const slow = await failure(() =>
			fetchExternalText(`${server.origin}/slow.ics`, { allowPrivate: true, timeoutMs: 600 }),
		)
		expect(slow.code).toBe('timeout')
		expect(Date.now() - started).toBeLessThan(3000)
	})

	test('an HTTP error status is a failure with the status', async () => {
		const missing = await failure(() =>
			fetchExternalText(`${server.origin}/nope.ics`, { allowPrivate: true }),
		)
		expect(missing.code).toBe('httpStatus')
		expect(missing.params).toEqual({ status: 404 })
	})
})

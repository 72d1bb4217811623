import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { getEnv } from './env.server.ts'

/**
 * Outbound requests to addresses a user typed in (iCal feeds; ADR 0083).
 *
 * - http and https only, at most 3 redirects, each one checked again;
 * - the host name is resolved by us and every address it resolves to must be
 *   public: loopback, private, link-local, site-local, CGNAT, multicast and
 *   reserved addresses are refused, and an IPv6 address that carries an IPv4
 *   address (mapped, compatible, translated, NAT64) is judged by that IPv4
 *   address (`net.BlockList`) — the check runs in the socket's own `lookup`,
 *   so the address checked is the address connected to (no DNS rebinding
 *   between check and connect). ICAL_ALLOW_PRIVATE_HOSTS=true lifts this for
 *   tests and LAN calendar servers;
 * - the body is streamed and cut off past `maxBytes`; the whole exchange,
 *   redirects included, is cut off after `timeoutMs`.
 */
export const EXTERNAL_FETCH_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 }

export type ExternalFetchOptions = Partial<typeof EXTERNAL_FETCH_LIMITS> & { allowPrivate?: boolean }

export type ExternalFetchErrorCode =
	'scheme' | 'blockedAddress' | 'tooLarge' | 'timeout' | 'httpStatus' | 'tooManyRedirects' | 'network'

export class ExternalFetchError extends Error {
	override name = 'ExternalFetchError'
	constructor(
		readonly code: ExternalFetchErrorCode,
		message: string,
		/** Values for a translated message (e.g. the HTTP status). */
		readonly params: Record<string, number> = {},
	) {
		super(message)
	}
}

/** IPv4 networks that are not on the public internet (IANA special-purpose registry, RFC 6890). */
const NON_PUBLIC_IPV4 = [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.88.99.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 4],
	['240.0.0.0', 4],
] as const

/**
 * IPv6 prefixes whose last 32 bits are an IPv4 address a packet may end up at: IPv4-compatible
 * (`::a.b.c.d`, deprecated but still routed by some stacks), IPv4-translated (`::ffff:0:a.b.c.d`,
 * SIIT) and the well-known NAT64 prefix (`64:ff9b::a.b.c.d`, RFC 6052). Such an address is judged
 * by its IPv4 rule: each non-public IPv4 network is blocked again inside each prefix. (IPv4-mapped
 * `::ffff:a.b.c.d` needs no entry: BlockList checks it against the IPv4 rules itself.)
 */
const IPV4_EMBEDDING_PREFIXES = ['::', '::ffff:0:', '64:ff9b::'] as const

/** IPv6 networks that are not on the public internet. */
const NON_PUBLIC_IPV6 = [
	// Unspecified and loopback are ::0.0.0.0/104 and ::0.0.0.1, covered by 0.0.0.0/8 inside `::`.
	['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): a translator on the operator's own network
	['100::', 64], // discard
	['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID …
	['2001:db8::', 32], // documentation
	['2002::', 16], // 6to4 (embeds an IPv4 address in bits 16–48)
	['3fff::', 20], // documentation (RFC 9637)
	['fc00::', 7], // unique local
	['fe80::', 10], // link-local
	['fec0::', 10], // site-local (deprecated, RFC 3879; still routed inside sites)
	['ff00::', 8], // multicast
] as const

const BLOCKED = new net.BlockList()
for (const [network, prefix] of NON_PUBLIC_IPV4) {
	BLOCKED.addSubnet(network, prefix, 'ipv4')
	for (const embedding of IPV4_EMBEDDING_PREFIXES) {
		BLOCKED.addSubnet(`${embedding}${network}`, 96 + prefix, 'ipv6')
	}
}
for (const [network, prefix] of NON_PUBLIC_IPV6) BLOCKED.addSubnet(network, prefix, 'ipv6')

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isNonPublicAddress(address: string): boolean {
	const family = net.isIP(address)
	if (family === 0) return true
	return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

function allowPrivate(options: ExternalFetchOptions) {
	return options.allowPrivate ?? getEnv().ICAL_ALLOW_PRIVATE_HOSTS
}

function blocked(address: string) {
	return new ExternalFetchError('blockedAddress', `refused: ${address} is not a public address`)
}

/** Parses and checks a URL's scheme; throws ExternalFetchError('scheme'). */
export function parseExternalUrl(value: string): URL {
	let url: URL
	try {
		url = new URL(value)
	} catch {
		throw new ExternalFetchError('scheme', 'not a URL')
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new ExternalFetchError('scheme', `refused: ${url.protocol} is not http or https`)
	}
	if (url.username || url.password) throw new ExternalFetchError('scheme', 'refused: credentials in the URL')
	return url
}

function literalAddress(url: URL): string | null {
	const host = url.hostname.replace(/^\[|\]$/g, '')
	return net.isIP(host) ? host : null
}

/**
 * Resolves the URL's host and refuses it unless every address is public (or
 * private hosts are allowed). Used when a feed is added, so the host sees the
 * refusal at once; the fetch itself checks again at connect time.
 */
export async function assertExternalUrl(value: string, options: ExternalFetchOptions = {}): Promise<URL> {
	const url = parseExternalUrl(value)
	if (allowPrivate(options)) return url
	const literal = literalAddress(url)
	const addresses = literal
		? [literal]
		: await dns.promises.lookup(url.hostname, { all: true }).then(
				(found) => found.map((entry) => entry.address),
				() => {
					throw new ExternalFetchError('network', `could not resolve ${url.hostname}`)
				},
			)
	const refused = addresses.find(isNonPublicAddress)
	if (refused) throw blocked(refused)
	return url
}

/** The socket lookup that refuses non-public addresses (checked on the address actually used). */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
	dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
		if (error) return callback(error, '', 0)
		const list = addresses as dns.LookupAddress[]
		const refused = list.find((entry) => isNonPublicAddress(entry.address))
		if (refused) return callback(blocked(refused.address), '', 0)
		if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
		const first = list[0]
		if (!first) return callback(new Error(`no address for ${hostname}`), '', 0)
		callback(null, first.address, first.family)
	})
}

type Hop = { status: number; location: string | null; body: string }

function requestOnce(url: URL, options: Required<ExternalFetchOptions>, signal: AbortSignal): Promise<Hop> {
	return new Promise((resolve, reject) => {
		const client = url.protocol === 'https:' ? https : http
		const request = client.request(url, {
			method: 'GET',
			headers: { Accept: 'text/calendar, */*;q=0.5', 'User-Agent': 'Spielzimmer-iCal/1.0' },
			signal,
			...(options.allowPrivate ? {} : { lookup: guardedLookup }),
		})
		request.on('error', (error) => {
			if (error instanceof ExternalFetchError) return reject(error)
			if (signal.aborted) return reject(signal.reason as Error)
			reject(new ExternalFetchError('network', error.message))
		})
		request.on('response', (response) => {
			const status = response.statusCode ?? 0
			if (status >= 300 && status < 400) {
				response.resume()
				return resolve({ status, location: response.headers.location ?? null, body: '' })
			}
			if (status < 200 || status >= 300) {
				response.resume()
				return reject(new ExternalFetchError('httpStatus', `the server answered ${status}`, { status }))
			}
			const tooLarge = () =>
				new ExternalFetchError('tooLarge', `cut off: larger than ${options.maxBytes} bytes`, {
					megabytes: Math.round(options.maxBytes / 1024 / 1024),
				})
			if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
				request.destroy()
				return reject(tooLarge())
			}
			const chunks: Buffer[] = []
			let size = 0
			response.on('data', (chunk: Buffer) => {
				size += chunk.length
				if (size > options.maxBytes) {
					request.destroy()
					reject(tooLarge())
					return
				}
				chunks.push(chunk)
			})
			response.on('end', () =>
				resolve({ status, location: null, body: Buffer.concat(chunks).toString('utf8') }),
			)
			response.on('error', (error) => reject(signal.aborted ? (signal.reason as Error) : error))
		})
		request.end()
	})
}

/** GET a user-supplied http(s) URL as text, within the limits above. Throws ExternalFetchError. */
export async function fetchExternalText(value: string, options: ExternalFetchOptions = {}): Promise<string> {
	const limits: Required<ExternalFetchOptions> = {
		...EXTERNAL_FETCH_LIMITS,
		...options,
		allowPrivate: allowPrivate(options),
	}
	const controller = new AbortController()
	const timer = setTimeout(
		() =>
			controller.abort(
				new ExternalFetchError('timeout', `cut off: no complete answer within ${limits.timeoutMs} ms`, {
					seconds: Math.ceil(limits.timeoutMs / 1000),
				}),
			),
		limits.timeoutMs,
	)
	try {
		let url = parseExternalUrl(value)
		for (let hop = 0; hop <= limits.maxRedirects; hop++) {
			const literal = literalAddress(url)
			if (literal && !limits.allowPrivate && isNonPublicAddress(literal)) throw blocked(literal)
			const answer = await requestOnce(url, limits, controller.signal)
			if (!answer.location) return answer.body
			url = parseExternalUrl(new URL(answer.location, url).toString())
		}
		throw new ExternalFetchError('tooManyRedirects', `more than ${limits.maxRedirects} redirects`)
	} finally {
		clearTimeout(timer)
	}
}

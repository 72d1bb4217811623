/**
 * The Spielzimmer server process: Express 5 + the React Router request
 * handler + the realtime hub on one HTTP server.
 *
 *   node server/index.ts          production bundle (npm start builds it first)
 *   node server/index.ts --dev    Vite dev server with hot reload (npm run dev)
 *
 * Node 24 runs this TypeScript as it is (type stripping, ADR 0145): server/ and the few app
 * modules it imports directly use only erasable syntax.
 *
 * App code is loaded only through server/app.ts (see there), never imported
 * directly, so there is exactly one copy of it in the process.
 */
// First: NODE_ENV must be set before any import loads React (see node-env.ts).
import './node-env.ts'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import v8 from 'node:v8'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express from 'express'
import pino from 'pino'
import { pinoHttp } from 'pino-http'
import { EnvError, parseEnv, type Env } from '#app/utils/env.server.ts'
import { REDACTED_PATHS, redactUrl } from '#app/utils/logger.server.ts'
import type * as AppModuleNamespace from './app.ts'
import { bodyLimit } from './body-limit.ts'
import { answerClientErrors } from './client-errors.ts'
import { expressServerOptions } from './express-classes.ts'
import { createHub, type HubServer } from './hub.ts'
import { createPageCache } from './page-cache.ts'
import { publicFiles } from './public-files.ts'
import {
	allowedOrigins,
	cspNonce,
	lastResortErrorHandler,
	rateLimits,
	refuse,
	rejectMalformedUrls,
	sameOriginCheck,
	securityHeaders,
} from './security.ts'
import { serveUploads } from './uploads.ts'

type AppModule = typeof AppModuleNamespace

const dev = process.argv.includes('--dev')

let env: Env
try {
	env = parseEnv()
} catch (error) {
	if (error instanceof EnvError) {
		console.error(error.message)
		process.exit(1)
	}
	throw error
}

const logger = pino({
	name: 'server',
	level: env.LOG_LEVEL ?? (env.APP_ENV === 'test' ? 'warn' : 'info'),
	redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
})

const HMR_PORT = Number(process.env.HMR_PORT ?? 24678)
const ROOT = process.cwd()
const SERVER_BUILD = path.join(ROOT, 'build/server/index.js')
/** Express's req.ip getter, applied to the hub's raw upgrade requests ("trust proxy" rules included). */
const expressIp = Object.getOwnPropertyDescriptor(express.request, 'ip')?.get

async function createAppLoader(app: express.Express): Promise<() => Promise<AppModule>> {
	if (dev) {
		const vite = await import('vite')
		const viteServer = await vite.createServer({
			server: { middlewareMode: true, hmr: { port: HMR_PORT } },
			appType: 'custom',
		})
		app.use(viteServer.middlewares)
		return () => viteServer.ssrLoadModule('./server/app.ts') as Promise<AppModule>
	}
	if (!fs.existsSync(SERVER_BUILD)) {
		console.error('No production build found. Run `npm run build` (npm start does it for you).')
		process.exit(1)
	}
	// Fingerprinted assets are immutable; the rest of public/ may change between deploys.
	app.use(
		'/assets',
		express.static(path.join(ROOT, 'build/client/assets'), { immutable: true, maxAge: '1y' }),
	)
	app.use(publicFiles(path.join(ROOT, 'build/client')))
	// A rendered page allocates ~1–2 MB that dies young. With V8's default young generation
	// (16 MB semi-spaces) a busy server scavenges every few pages and promotes what is still
	// in flight; 32 MB halves the scavenges (GC ≈ 9–12 % → 6–10 % of a page's CPU, ADR 0122)
	// for ≤ 32 MB more memory. An operator's own --max-semi-space-size wins.
	const ownSemiSpace = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) =>
		arg.includes('semi-space'),
	)
	if (!ownSemiSpace) v8.setFlagsFromString('--max-semi-space-size=32')
	const loaded = import(pathToFileURL(SERVER_BUILD).href) as Promise<AppModule>
	return () => loaded
}

async function main() {
	const app = express()
	app.disable('x-powered-by')
	if (env.TRUST_PROXY !== undefined) app.set('trust proxy', env.TRUST_PROXY)
	// Requests and responses made with Express's prototypes: no per-request prototype change (ADR 0129).
	const server = http.createServer(expressServerOptions(app), app)
	// Requests the HTTP parser refuses (e.g. a 1 MB query string) get the envelope or a translated page.
	answerClientErrors(server, logger)

	// Before static files and the app: a URL that cannot be decoded is a 400, never a URIError.
	app.use(rejectMalformedUrls(logger))
	// Before static files, so that they are compressed too (gzip, brotli, deflate as the client accepts).
	app.use(compression())
	// Processed uploads (playroom photos): immutable, with nosniff and a CSP that allows nothing.
	app.use('/uploads', serveUploads(env.UPLOADS_DIR))
	const loadApp = await createAppLoader(app)

	// Access logs at level info or below; without them pino-http would only cost time.
	if (logger.isLevelEnabled('info')) {
		app.use(
			pinoHttp({
				logger,
				serializers: {
					req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
					res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
				},
				autoLogging: { ignore: (req) => req.url === '/healthz' || (req.url ?? '').startsWith('/assets/') },
			}),
		)
	}
	app.use(cspNonce)
	app.use(securityHeaders(env, { dev, hmrPort: HMR_PORT }))

	let ready = false
	app.get('/healthz', async (_req, res) => {
		const healthy = ready && (await loadApp()).healthCheck()
		res
			.status(healthy ? 200 : 503)
			.set('Cache-Control', 'no-store')
			.json({ status: healthy ? 'ok' : 'starting' })
	})
	app.use((req, res, next) => {
		if (ready) return next()
		res.set('Retry-After', '2')
		refuse(req, res, 503, 'ServerError')
	})

	app.use(...rateLimits(env))
	app.use(sameOriginCheck(env))
	app.use(bodyLimit(env))
	const pageCache = createPageCache()
	if (env.PAGE_CACHE === 'on') app.use(pageCache.middleware)

	const hub: HubServer = createHub({
		server,
		authenticate: async (headers) => (await loadApp()).authenticateHubRequest(headers),
		isAllowedOrigin: (origin, request) => !origin || allowedOrigins(env, request).has(origin),
		clientIp: (request) => String(expressIp?.call(Object.assign(Object.create(request), { app })) ?? ''),
		limits: {
			perUser: env.HUB_MAX_CONNECTIONS_PER_USER,
			perIp: env.HUB_MAX_CONNECTIONS_PER_IP,
			upgradesPerMinute: Math.round(60 * env.RATE_LIMIT_FACTOR),
		},
		onError: (error) => logger.error({ err: error }, 'realtime hub: an upgrade or a session check failed'),
	})

	app.use((_req, res, next) => {
		res.locals.hub = hub
		next()
	})
	app.all('/{*path}', async (req, res, next) => {
		try {
			const appModule = await loadApp()
			await appModule.handleRequest(req, res, next)
		} catch (error) {
			next(error)
		}
	})

	// Last resort: no stack trace ever reaches a client.
	app.use(lastResortErrorHandler(logger))

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(env.PORT, env.HOST, () => {
			server.off('error', reject)
			resolve()
		})
	})
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT

	const appModule = await loadApp()
	await appModule.bootstrap({ hub, logger })
	ready = true
	// After readiness, in the background: the first registration should not wait for the dictionaries.
	void appModule.warmUp({ logger })

	const url = env.PUBLIC_URL.includes(`:${env.PORT}`)
		? env.PUBLIC_URL.replace(`:${env.PORT}`, `:${port}`)
		: env.PUBLIC_URL
	console.log(
		`\n  Spielzimmer is running at ${url} (${dev ? 'development' : 'production'} build, APP_ENV=${env.APP_ENV})`,
	)
	const demo = appModule.demoLogins()
	if (demo) {
		console.log(`\n  Demo logins (password for all: ${demo.password})`)
		for (const account of demo.accounts) console.log(`    ${account.role.padEnd(9)} ${account.email}`)
		console.log('')
	}

	const stop = async (signal: string) => {
		logger.info({ signal }, 'shutting down')
		await hub.close()
		server.close()
		appModule.shutdown()
		process.exit(0)
	}
	process.once('SIGINT', () => void stop('SIGINT'))
	process.once('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
	if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
		console.error(`Port ${env.PORT} is already in use. Stop the other process or set PORT.`)
	} else {
		logger.fatal({ err: error }, 'server failed to start')
	}
	process.exit(1)
})

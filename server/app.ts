/**
 * The application side of the server, built by Vite together with the React
 * Router server build (vite.config.ts: ssr input). server/index.ts loads this
 * module — in development through Vite (hot reload), in production from
 * build/server/index.js — so all app code lives in one module graph.
 */
import { createRequestHandler } from '@react-router/express'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import { requestServicesContext } from '#app/utils/context.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'
import { silentHub } from '#app/utils/realtime.ts'

export {
	authenticateHubRequest,
	bootstrap,
	demoLogins,
	healthCheck,
	shutdown,
	warmUp,
} from '#app/bootstrap.server.ts'

export const handleRequest = createRequestHandler({
	// A static import: resolving the build per request would cost a module lookup each time.
	build: serverBuild as unknown as ServerBuild,
	mode: process.env.NODE_ENV,
	getLoadContext(req: ExpressRequest, res: ExpressResponse) {
		const context = new RouterContextProvider()
		context.set(requestServicesContext, {
			hub: res.locals.hub ?? silentHub,
			cspNonce: res.locals.cspNonce ?? '',
			clientIp: req.ip ?? '',
			logger: getLogger(),
			documentRequest: !req.path.endsWith('.data'),
			documentHtml: new Map(),
		})
		return context
	},
})

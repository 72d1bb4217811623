import fs from 'node:fs'
import express from 'express'

/**
 * The rest of public/ (favicon, icon sprite): a handful of top-level files.
 * `express.static` would stat the disk for every page URL to find out that no
 * file of that name exists (~3 % of a rendered page's CPU), so only the names
 * present at start go to it.
 */
export function publicFiles(directory: string): express.RequestHandler {
	const names = new Set(
		fs
			.readdirSync(directory, { withFileTypes: true })
			.filter((entry) => entry.name !== 'assets')
			.map((entry) => (entry.isDirectory() ? `/${entry.name}/` : `/${entry.name}`)),
	)
	const serve = express.static(directory, { maxAge: '1h', index: false })
	return (req, res, next) => {
		const slash = req.path.indexOf('/', 1)
		const name = slash === -1 ? req.path : req.path.slice(0, slash + 1)
		if (names.has(name)) serve(req, res, next)
		else next()
	}
}

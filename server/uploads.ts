import express from 'express'

/**
 * /uploads: the processed uploads (playroom photos) under UPLOADS_DIR (ADR 0023).
 * File names are content hashes, so a file never changes: a one-year
 * immutable cache. Every file is served with `nosniff` and a CSP that allows
 * nothing and sandboxes the response (ADR 0141): were a file ever not the
 * image its name says, a browser opening it would neither guess another type
 * nor run anything in it on our origin. (The app's own headers come later in
 * the chain, so these files would otherwise go out without any.)
 */
export const UPLOADS_CSP = "default-src 'none'; sandbox"

export function serveUploads(directory: string) {
	return express.static(directory, {
		immutable: true,
		maxAge: '1y',
		index: false,
		setHeaders: (res) => {
			res.setHeader('X-Content-Type-Options', 'nosniff')
			res.setHeader('Content-Security-Policy', UPLOADS_CSP)
		},
	})
}

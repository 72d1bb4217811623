import type { Route } from './+types/invoice-document.ts'
import { downloadInvoiceDocument } from '#app/models/invoices/invoices.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { notFound, withNotFound } from '#app/utils/route-params.server.ts'
import { fileDownload } from '#app/utils/file-download.server.ts'

/**
 * GET /host/invoices/:invoiceId/pdf|xml (the host's own invoices) and /admin/invoices/:invoiceId/pdf|xml:
 * the stored PDF/A-3 or CII XML as a download (`Rechnung-SZ-2026-000123.pdf` / `Invoice-…`), never
 * re-rendered — the bytes whose SHA-256 was stored at issue.
 */
export async function loader(args: Route.LoaderArgs) {
	const caller = await requireRole(args, 'Owner', 'Admin')
	requireOwnedParams(args.params, caller)
	const kind = args.params.kind
	if (kind !== 'pdf' && kind !== 'xml') throw notFound()
	const document = withNotFound(() => downloadInvoiceDocument(caller, args.params.invoiceId, kind))
	return fileDownload(new Uint8Array(document.content), {
		fileName: document.fileName,
		contentType: kind === 'pdf' ? 'application/pdf' : 'application/xml; charset=utf-8',
		headers: { ETag: `"${document.sha256}"` },
	})
}

import type { Route } from './+types/payout-run-sepa.ts'
import { getPayoutRunFile } from '#app/models/money/payouts.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { fileDownload } from '#app/utils/file-download.server.ts'

/**
 * /admin/payouts/:payoutRunId/sepa (issue 34, ADR 0177): the pain.001 file of a run exactly as it
 * was stored at creation (never regenerated), as a download named by the run's Berlin date in the
 * page's language: `sepa-auszahlungen-<date>.xml` / `sepa-payouts-<date>.xml`. Admin only.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const locale = getLocale(args.context) === 'en' ? 'en' : 'de'
	const file = getPayoutRunFile(admin, args.params.payoutRunId, locale)
	return fileDownload(file.xml, { fileName: file.fileName, contentType: 'application/xml; charset=utf-8' })
}

import { redirect } from 'react-router'
import type { Route } from './+types/datev-export.ts'
import { datevExport } from '#app/models/money/datev-export.server.ts'
import { datevExportSchema } from '#app/schemas/admin-exports.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { fileDownload } from '#app/utils/file-download.server.ts'

/**
 * GET /admin/exports/datev?month=YYYY-MM (issue 34, ADR 0180): the month's DATEV Buchungsstapel as
 * a Windows-1252 CSV download, admin only. A bad month goes back to /admin/exports, which says why.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	const raw = (args.url.searchParams.get('month') ?? '').slice(0, 20)
	const parsed = datevExportSchema.safeParse({ month: raw })
	if (!parsed.success) {
		const back = localizePath('/admin/exports', getLocale(args.context))
		throw redirect(`${back}?${new URLSearchParams({ month: raw })}`)
	}
	const file = datevExport(admin, parsed.data.month)
	return fileDownload(new Uint8Array(file.bytes), {
		fileName: file.fileName,
		contentType: 'text/csv; charset=windows-1252',
	})
}

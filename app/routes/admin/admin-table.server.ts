import type { RouterContextProvider } from 'react-router'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import {
	loadTablePage,
	type DataTable,
	type ListPage,
	type TableChoices,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'

/**
 * The loader half of an admin list page: the Admin check first, then the
 * table page of the URL's state (a translated 400 for an invalid state, see
 * loadTablePage). The page answers `data(page.data, { status: page.status })`.
 */
export async function loadAdminTablePage<Row, Item>(
	args: { request: Request; url: URL; context: Readonly<RouterContextProvider> },
	table: DataTable<Row, Item>,
	list: (admin: SessionUser, query: TableQuery) => ListPage<Item>,
	choices?: TableChoices,
) {
	const admin = await requireRole(args, 'Admin')
	const page = loadTablePage(
		table,
		args.url,
		looseT(getT(args.context)),
		(query) => list(admin, query),
		choices,
	)
	return { admin, page }
}

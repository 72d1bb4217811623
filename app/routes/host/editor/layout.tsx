import { useTranslation } from 'react-i18next'
import { Form, Outlet, useLocation } from 'react-router'
import type { Route } from './+types/layout.ts'
import { EditorTabs } from '#app/components/editor-tabs.tsx'
import { PublishChecklist } from '#app/components/playroom-status.tsx'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { requireUserRow } from '#app/models/accounts/account.server.ts'
import { publishChecklist } from '#app/models/host-office/playroom-publishing.server.ts'
import type { ChecklistItem } from '#app/schemas/host-office.ts'
import { localizePath } from '#app/utils/locale.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { PLAYROOM_EDIT_TABS, playroomEditorPath } from '#app/utils/slugs.ts'
import { requireEditablePlayroom } from './editor.server.ts'

/**
 * /host/playrooms/edit/:playroomId/* (issue 12): the editor's frame — the
 * playroom's name and status, the public preview (the host and admins see a
 * Draft there too) and the six tabs, each its own route with its own save.
 */
export async function loader(args: Route.LoaderArgs) {
	const { user, playroom } = await requireEditablePlayroom(args)
	return {
		id: playroom.id,
		name: playroom.name,
		status: playroom.status,
		previewPath: playroomPath(playroom.playroomUrlPath),
		// Not public yet: the checklist stays in sight while editing, its open items link to their fields.
		checklist:
			playroom.status === 'Draft' || playroom.status === 'Paused' ? publishChecklist(playroom.id) : null,
		canPublish: user.role === 'Owner',
		// An admin edits on behalf of the host (ADR 0102): say so, and lead back to the admin page.
		onBehalfOf: user.role === 'Admin' ? requireUserRow(playroom.hostId).displayName : null,
	}
}

/**
 * The publishing checklist in the editor (issue 31.10), open while something is
 * missing; the host publishes from here (the overview's action answers, and
 * lists what is missing if the checklist is not complete).
 */
function PublishPanel({
	playroomId,
	status,
	checklist,
	canPublish,
}: {
	playroomId: string
	status: 'Draft' | 'Paused'
	checklist: ChecklistItem[]
	canPublish: boolean
}) {
	const { t } = useTranslation('hostOffice')
	const locale = useLocale()
	const missing = checklist.filter((item) => !item.done).length
	return (
		<details open={missing > 0} className="card mb-6" data-testid="editor-publish-panel">
			<summary className="cursor-pointer font-semibold">
				{t('checklist.title')}
				{missing ? ` – ${t('checklist.missingCount', { count: missing })}` : ''}
			</summary>
			<div className="mt-3 flex flex-col gap-3">
				<PublishChecklist items={checklist} status={status} playroomId={playroomId} />
				{canPublish ? (
					<Form method="POST" action={localizePath(`/host/playrooms/${playroomId}`, locale)}>
						<button
							type="submit"
							name="intent"
							value={status === 'Draft' ? 'publish' : 'unpause'}
							className="btn-primary"
						>
							{t(status === 'Draft' ? 'overview.publish' : 'overview.unpause')}
						</button>
					</Form>
				) : null}
			</div>
		</details>
	)
}

function OnBehalfBanner({ host }: { host: string }) {
	const { t } = useTranslation('hostEditor')
	return (
		<p
			role="status"
			className="mb-4 rounded-lg border border-warning bg-surface px-4 py-2 font-semibold"
			data-testid="on-behalf-banner"
		>
			{t('header.onBehalf', { host })}
		</p>
	)
}

export default function PlayroomEditorLayout({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('hostEditor')
	const { t: tc } = useTranslation()
	const { pathname, key } = useLocation()
	const tab = PLAYROOM_EDIT_TABS.find((id) => pathname.endsWith(`/${id}`))
	const heading = tab
		? `${pageTitle(tc, `host/playrooms/edit/${tab}`)} – ${loaderData.name}`
		: loaderData.name
	return (
		<>
			{loaderData.onBehalfOf ? <OnBehalfBanner host={loaderData.onBehalfOf} /> : null}
			<EditorTabs
				documentTitle={`${heading} | ${tc('appName')}`}
				title={loaderData.name}
				status={t('header.status', { status: t(`status.${loaderData.status}`) })}
				links={[
					loaderData.onBehalfOf
						? { to: `/admin/playrooms/${loaderData.id}`, label: t('header.adminPage') }
						: { to: `/host/playrooms/${loaderData.id}`, label: t('header.overview') },
					{ to: loaderData.previewPath, label: t('header.preview') },
				]}
				tabs={PLAYROOM_EDIT_TABS.map((tab) => ({
					id: tab,
					label: pageTitle(tc, `host/playrooms/edit/${tab}`),
					to: playroomEditorPath(loaderData.id, tab),
				}))}
			>
				{/* A new tab instance per navigation: after a save the form shows what the server stored
			    (normalised paths, amounts, filled-in coordinates), as it does without JavaScript. */}
				{loaderData.checklist ? (
					<PublishPanel
						playroomId={loaderData.id}
						status={loaderData.status === 'Paused' ? 'Paused' : 'Draft'}
						checklist={loaderData.checklist}
						canPublish={loaderData.canPublish}
					/>
				) : null}
				<Outlet key={key} />
			</EditorTabs>
		</>
	)
}

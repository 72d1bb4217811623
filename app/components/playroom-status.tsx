import { useTranslation } from 'react-i18next'
import type { PlayroomStatus } from '#db/schema/catalogue.ts'
import type { ChecklistItem, ChecklistKey } from '#app/schemas/host-office.ts'
import { type PLAYROOM_EDIT_TABS, playroomEditorPath } from '#app/utils/slugs.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'
import { LocaleLink } from './locale-link.tsx'

/** Status badge and publishing checklist of a playroom (host list, overview, editor). */
const TONE: Record<PlayroomStatus, string> = {
	Draft: 'border-line text-ink-muted',
	Published: 'border-success text-success',
	Paused: 'border-warning text-warning',
	Blocked: 'border-danger text-danger',
}

export function PlayroomStatusBadge({ status }: { status: PlayroomStatus }) {
	const { t } = useTranslation('hostOffice')
	return (
		<span
			className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[status]}`}
			data-testid="playroom-status"
			data-status={status}
		>
			{t(`statuses.${status}`)}
		</span>
	)
}

/**
 * Where in the editor a checklist item is completed: the tab and the field (the
 * field's id is the tab form's id and the field name, as Conform names it).
 */
const CHECKLIST_TARGETS: Record<ChecklistKey, { tab: (typeof PLAYROOM_EDIT_TABS)[number]; anchor: string }> =
	{
		photos: { tab: 'detail-information', anchor: 'photos-title' },
		descriptions: { tab: 'detail-information', anchor: 'detail-information-descriptionDe' },
		prices: { tab: 'price', anchor: 'price' },
		openingHours: { tab: 'availability', anchor: 'availability-hours.d1' },
		address: { tab: 'basic-information', anchor: 'basic-information-street' },
	}

export function checklistTarget(playroomId: string, key: ChecklistKey): string {
	const target = CHECKLIST_TARGETS[key]
	return `${playroomEditorPath(playroomId, target.tab)}#${target.anchor}`
}

/**
 * The completeness checklist; each item says done or missing in words, not
 * only by colour, and a missing one links to the editor field that completes it
 * (issue 31.10). Complete and already public, it says so instead of "can be published".
 * `only="missing"` lists just the open items (the refusal of a publish).
 */
export function PublishChecklist({
	items,
	status,
	playroomId,
	only,
}: {
	items: ChecklistItem[]
	status?: PlayroomStatus
	playroomId: string
	only?: 'missing'
}) {
	const { t } = useTranslation('hostOffice')
	const { t: tc } = useTranslation()
	const missing = items.filter((item) => !item.done).length
	const shown = only === 'missing' ? items.filter((item) => !item.done) : items
	return (
		<div data-testid="publish-checklist">
			{missing === 0 ? (
				<p className="mb-2 text-success">
					{t(status === 'Published' ? 'checklist.completePublished' : 'checklist.complete')}
				</p>
			) : (
				<p className="mb-2 text-sm text-ink-muted" data-testid="checklist-missing-count">
					{t('checklist.missingCount', { count: missing })}. {t('checklist.fixHint')}
				</p>
			)}
			<ul className="flex flex-col gap-1">
				{shown.map((item) => {
					const text = translateValidationMessage(tc, item.message)
					return (
						<li key={item.key} data-testid="checklist-item" data-key={item.key} data-done={item.done}>
							<span aria-hidden="true" className={item.done ? 'text-success' : 'text-danger'}>
								{item.done ? '✓' : '✗'}
							</span>{' '}
							{item.done ? (
								text
							) : (
								<LocaleLink to={checklistTarget(playroomId, item.key)} className="link">
									{text}
								</LocaleLink>
							)}{' '}
							<span className="text-xs text-ink-muted">
								({item.done ? t('checklist.done') : t('checklist.missing')})
							</span>
						</li>
					)
				})}
			</ul>
		</div>
	)
}

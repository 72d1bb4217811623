import { useTranslation } from 'react-i18next'
import type { PlayroomStatus } from '#db/schema/catalogue.ts'
import type { ChecklistItem } from '#app/schemas/host-office.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'

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
 * The completeness checklist; each item says done or missing in words, not
 * only by colour. Complete and already public, it says so instead of "can be published".
 */
export function PublishChecklist({ items, status }: { items: ChecklistItem[]; status?: PlayroomStatus }) {
	const { t } = useTranslation('hostOffice')
	const { t: tc } = useTranslation()
	const complete = items.every((item) => item.done)
	return (
		<div data-testid="publish-checklist">
			{complete ? (
				<p className="mb-2 text-success">
					{t(status === 'Published' ? 'checklist.completePublished' : 'checklist.complete')}
				</p>
			) : null}
			<ul className="flex flex-col gap-1">
				{items.map((item) => (
					<li key={item.key} data-testid="checklist-item" data-key={item.key} data-done={item.done}>
						<span aria-hidden="true" className={item.done ? 'text-success' : 'text-danger'}>
							{item.done ? '✓' : '✗'}
						</span>{' '}
						{translateValidationMessage(tc, item.message)}{' '}
						<span className="text-xs text-ink-muted">
							({item.done ? t('checklist.done') : t('checklist.missing')})
						</span>
					</li>
				))}
			</ul>
		</div>
	)
}

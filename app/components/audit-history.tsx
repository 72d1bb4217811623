import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '#app/models/platform/audit-log.server.ts'
import { formatAmount, formatNumber } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import type { Locale } from '#app/utils/locale.ts'
import { looseT, type LooseT } from '#app/utils/loose-t.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { DetailSection, ScrollBox } from './detail-frame.tsx'

/**
 * The "History" section of an admin detail page (issue 14, ADR 0098): the
 * audit entries of the entity — when (Europe/Berlin), who (and as whom, for
 * actions taken while impersonating), what, the changed fields as
 * "field: before → after", and the reason. One component for every entity.
 * Values are shown as people read them (issue 31.13, ADR 0154): amounts in
 * cents as money, statuses by their label, instants in Berlin time, yes/no.
 */
type Translate = LooseT

/** Fields whose value is an amount in cents. */
const MONEY_FIELD = /(amount|price|total|deposit|balance)$/i
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** Where an enum field's labels are, per entity type where the same name means different things. */
function enumLabelKey(field: string, entityType: string): string | null {
	if (field === 'status') {
		if (entityType === 'order') return 'booking:statuses.'
		if (entityType === 'playroom') return 'hostOffice:statuses.'
		if (entityType === 'supportThread') return 'chat:support.statuses.'
		return null
	}
	if (field === 'paymentStatus') return 'booking:paymentStatuses.'
	if (field === 'paymentMethod') return 'catalogue:paymentMethods.'
	if (field === 'provider') return 'adminMoney:providers.'
	if (field === 'role' || field === 'cancelledByRole') return 'adminAudit:roles.'
	return null
}

/** One value of a change as text ("" and null: the empty mark). */
export function auditValueText(
	field: string,
	value: unknown,
	context: { entityType: string; t: Translate; locale: Locale },
): string {
	const { t, locale } = context
	if (value === null || value === undefined || value === '') return t('adminAudit:history.empty')
	if (typeof value === 'boolean') return t(value ? 'admin:table.yes' : 'admin:table.no')
	if (typeof value === 'number')
		return MONEY_FIELD.test(field) ? formatAmount(value, locale) : formatNumber(value, locale)
	if (typeof value === 'string') {
		const labels = enumLabelKey(field, context.entityType)
		if (labels) return t(`${labels}${value}`, { defaultValue: value })
		if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
			return formatDateTime(Date.parse(value), locale)
		return value
	}
	if (Array.isArray(value)) return value.map((item) => auditValueText(field, item, context)).join(', ')
	if (typeof value === 'object') {
		return Object.entries(value as Record<string, unknown>)
			.filter(([key]) => key !== 'id')
			.map(([key, inner]) => `${auditFieldLabel(key, t)}: ${auditValueText(key, inner, context)}`)
			.join(' · ')
	}
	return String(value)
}

/** A field's name as a label (the known ones translated; others as written). */
export function auditFieldLabel(field: string, t: Translate): string {
	return t(`adminAudit:fields.${field}`, { defaultValue: field })
}

export function AuditHistory({ entries }: { entries: AuditEntry[] }) {
	const { t } = useTranslation('adminAudit')
	const { t: anyT } = useTranslation()
	const tl = looseT(anyT)
	const locale = useLocale()
	const empty = t('history.empty')
	const value = (field: string, raw: unknown, entityType: string) =>
		auditValueText(field, raw, { entityType, t: tl, locale })
	return (
		<DetailSection id="audit-history" title={t('history.title')} wide>
			{entries.length === 0 ? (
				<p className="text-ink-muted">{t('history.none')}</p>
			) : (
				<ScrollBox label={t('history.title')}>
					<table className="w-full text-left text-sm">
						<thead>
							<tr className="border-b border-line">
								<th className="p-1">{t('history.when')}</th>
								<th className="p-1">{t('history.who')}</th>
								<th className="p-1">{t('history.action')}</th>
								<th className="p-1">{t('history.changes')}</th>
								<th className="p-1">{t('history.reason')}</th>
							</tr>
						</thead>
						<tbody>
							{entries.map((entry) => (
								<tr key={entry.id} className="border-b border-line" data-testid="audit-entry">
									<td className="p-1 align-top whitespace-nowrap">{formatDateTime(entry.at, locale)}</td>
									<td className="p-1 align-top">
										{entry.admin.name}
										{entry.impersonated ? (
											<div className="text-ink-muted">
												{t(
													entry.impersonated.role === 'Owner'
														? 'history.asHost'
														: entry.impersonated.role === 'Customer'
															? 'history.asGuest'
															: 'history.asUser',
													{ name: entry.impersonated.name },
												)}
											</div>
										) : null}
									</td>
									<td className="p-1 align-top">
										{t(`actions.${entry.action}`, { defaultValue: entry.action })}
									</td>
									<td className="p-1 align-top">
										{entry.changes.length === 0 ? (
											empty
										) : (
											<ul>
												{entry.changes.map((change) => (
													<li key={change.field} className="break-words" data-testid="audit-change">
														<span className="font-medium">{auditFieldLabel(change.field, tl)}</span>:{' '}
														{change.secret
															? t('history.secret')
															: `${value(change.field, change.before, entry.entityType)} → ${value(change.field, change.after, entry.entityType)}`}
													</li>
												))}
											</ul>
										)}
									</td>
									<td className="p-1 align-top">{entry.reason ?? empty}</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollBox>
			)}
		</DetailSection>
	)
}

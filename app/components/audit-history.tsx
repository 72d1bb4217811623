import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '#app/models/platform/audit-log.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { DetailSection } from './detail-frame.tsx'

/**
 * The "History" section of an admin detail page (issue 14, ADR 0098): the
 * audit entries of the entity — when (Europe/Berlin), who, what, the changed
 * fields before → after, and the reason. One component for every entity.
 */
function showValue(value: unknown, empty: string): string {
	if (value === null || value === undefined || value === '') return empty
	if (typeof value === 'string') return value
	return JSON.stringify(value)
}

export function AuditHistory({ entries }: { entries: AuditEntry[] }) {
	const { t } = useTranslation('adminAudit')
	const locale = useLocale()
	const empty = t('history.empty')
	return (
		<DetailSection id="audit-history" title={t('history.title')} wide>
			{entries.length === 0 ? (
				<p className="text-ink-muted">{t('history.none')}</p>
			) : (
				<div className="overflow-x-auto">
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
												{t('history.asUser', { name: entry.impersonated.name })}
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
													<li key={change.field} className="break-all">
														<code>{change.field}</code>:{' '}
														{change.secret
															? t('history.secret')
															: `${showValue(change.before, empty)} → ${showValue(change.after, empty)}`}
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
				</div>
			)}
		</DetailSection>
	)
}

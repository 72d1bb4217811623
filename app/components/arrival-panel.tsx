import { useTranslation } from 'react-i18next'
import type { ArrivalArea } from '#app/models/host-office/access-areas.server.ts'
import { DetailSection } from './detail-frame.tsx'

/** The guest's arrival instructions and codes (issue 13), shown only in the arrival window. */
export function ArrivalPanel({ areas }: { areas: ArrivalArea[] }) {
	const { t } = useTranslation('hostAccess')
	return (
		<DetailSection id="arrival" title={t('arrival.title')}>
			{areas.map((area) => (
				<div key={area.name} className="mb-3">
					<h3 className="font-medium">
						{area.name} ({t(`types.${area.type}`)})
					</h3>
					{area.instructions ? <p className="whitespace-pre-line">{area.instructions}</p> : null}
					<p>
						{t('arrival.code')}:{' '}
						{area.code ? (
							<strong className="font-mono" data-testid="access-code">
								{area.code}
							</strong>
						) : (
							t('arrival.noCode')
						)}
					</p>
				</div>
			))}
		</DetailSection>
	)
}

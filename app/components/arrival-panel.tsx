import { useTranslation } from 'react-i18next'
import type { ArrivalArea } from '#app/models/host-office/access-areas.server.ts'

/** The guest's arrival instructions and codes (issue 13), shown only in the arrival window. */
export function ArrivalPanel({ areas }: { areas: ArrivalArea[] }) {
	const { t } = useTranslation('hostAccess')
	return (
		<section className="card mb-4" aria-labelledby="arrival-title" data-testid="arrival">
			<h2 id="arrival-title" className="mb-2 text-lg font-semibold">
				{t('arrival.title')}
			</h2>
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
		</section>
	)
}

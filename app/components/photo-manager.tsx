import { useTranslation } from 'react-i18next'
import { useActionData, useFetcher } from 'react-router'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { FieldErrors } from './forms.tsx'

/**
 * The photos of a playroom in the editor: upload several at once, then per
 * photo its alt texts, order, cover and delete. Every control belongs to the
 * tab's form (`formId`, the HTML `form` attribute) so that a photo action
 * posts the texts typed there too: without JavaScript the page comes back with
 * them as typed and not saved; with JavaScript the buttons post by a fetcher
 * and the page does not navigate, so the form keeps its state and its
 * unsaved-changes warning (issue 31.3, ADR 0151).
 */
export type EditorPhoto = { id: string; altDe: string; altEn: string; url: string; srcset: string }

const PHOTO_INTENTS = ['upload', 'photoAlt', 'photoUp', 'photoDown', 'photoCover', 'photoDelete']

function resultErrors(data: FormActionData | undefined, intents: string[]): string[] {
	if (!data || !intents.includes(data.intent)) return []
	const errors = (data.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {}
	return [...new Set(Object.values(errors).flatMap((list) => list ?? []))]
}

export function PhotoManager({
	formId,
	photos,
	limits,
}: {
	formId: string
	photos: EditorPhoto[]
	limits: { mb: number; max: number }
}) {
	const { t } = useTranslation('hostEditor')
	const fetcher = useFetcher<FormActionData>()
	const page = useActionData<FormActionData>()
	// The last photo action's answer: the fetcher's (JavaScript), else the page's.
	const answer = fetcher.data ?? (page && PHOTO_INTENTS.includes(page.intent) ? page : undefined)
	const uploadErrors = resultErrors(answer, ['upload'])
	const photoErrors = resultErrors(answer, PHOTO_INTENTS.slice(1))
	const busy = fetcher.state !== 'idle'
	/** A photo button: posts the tab's form with it; with JavaScript by the fetcher (no navigation). */
	const button = (action: string, label: string, className = 'btn-secondary px-2 py-1 text-sm') => (
		<button
			type="submit"
			form={formId}
			name="photoAction"
			value={action}
			formNoValidate
			className={className}
			aria-disabled={busy || undefined}
			onClick={(event) => {
				event.preventDefault()
				if (!busy) void fetcher.submit(event.currentTarget)
			}}
		>
			{label}
		</button>
	)
	return (
		<section className="card" aria-labelledby="photos-title">
			<h2 id="photos-title" className="mb-1 text-xl font-semibold">
				{t('detail.photos')}
			</h2>
			<p className="mb-3 text-sm text-ink-muted">{t('detail.photosHint', limits)}</p>
			{answer?.notice ? (
				<p role="status" className="mb-3 text-sm font-medium" data-testid="photo-notice">
					{answer.notice}
				</p>
			) : null}
			<div className="mb-6" data-testid="photo-upload">
				<label htmlFor="photo-files" className="mb-1 block text-sm font-medium">
					{t('detail.chooseFiles')}
				</label>
				<input
					id="photo-files"
					type="file"
					name="photos"
					form={formId}
					multiple
					accept="image/*"
					aria-invalid={uploadErrors.length > 0 || undefined}
					aria-describedby={uploadErrors.length ? 'photo-files-error' : undefined}
					className="mb-2 block text-sm"
				/>
				<FieldErrors id="photo-files-error" errors={uploadErrors} />
				{button('upload', t('detail.upload'), 'btn-secondary mt-2')}
			</div>
			<FieldErrors id="photo-errors" errors={photoErrors} />
			{photos.length === 0 ? <p className="text-sm text-ink-muted">{t('detail.noPhotos')}</p> : null}
			<ol className="grid gap-4 sm:grid-cols-2">
				{photos.map((photo, index) => (
					<li key={photo.id} className="rounded-lg border border-line p-3" data-testid="editor-photo">
						<img
							src={photo.url}
							srcSet={photo.srcset}
							sizes="(min-width: 640px) 50vw, 100vw"
							alt={photo.altDe || t('detail.photoAlt', { number: index + 1 })}
							className="mb-2 aspect-video w-full rounded object-cover"
						/>
						{index === 0 ? <p className="mb-2 text-sm font-semibold">{t('detail.cover')}</p> : null}
						{(['altDe', 'altEn'] as const).map((key) => (
							<label key={key} className="mb-2 block text-sm">
								{t(`detail.${key}`)}
								<input
									name={`${key}-${photo.id}`}
									form={formId}
									defaultValue={photo[key]}
									maxLength={200}
									className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
								/>
							</label>
						))}
						<div className="flex flex-wrap gap-2">
							{button(`alt:${photo.id}`, t('detail.saveAlt'))}
							{index > 0 ? (
								<>
									{button(`cover:${photo.id}`, t('detail.makeCover'))}
									{button(`up:${photo.id}`, t('detail.moveUp'))}
								</>
							) : null}
							{index < photos.length - 1 ? button(`down:${photo.id}`, t('detail.moveDown')) : null}
							{button(`delete:${photo.id}`, t('detail.delete'))}
						</div>
					</li>
				))}
			</ol>
		</section>
	)
}

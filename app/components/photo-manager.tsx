import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { FieldErrors } from './forms.tsx'

/**
 * The photos of a playroom in the editor: upload several at once (one
 * multipart form), then per photo its alt texts, order, cover and delete —
 * every action a plain form post, so it all works without JavaScript.
 */
export type EditorPhoto = { id: string; altDe: string; altEn: string; url: string; srcset: string }

function resultErrors(result: ReturnType<typeof useFormResult>): string[] {
	const errors = (result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {}
	return [...new Set(Object.values(errors).flatMap((list) => list ?? []))]
}

export function PhotoManager({
	photos,
	limits,
}: {
	photos: EditorPhoto[]
	limits: { mb: number; max: number }
}) {
	const { t } = useTranslation('hostEditor')
	const uploadErrors = resultErrors(useFormResult('upload'))
	const photoErrors = [
		...resultErrors(useFormResult('photoAlt')),
		...resultErrors(useFormResult('photoDelete')),
		...resultErrors(useFormResult('photoUp')),
	]
	return (
		<section className="card" aria-labelledby="photos-title">
			<h2 id="photos-title" className="mb-1 text-xl font-semibold">
				{t('detail.photos')}
			</h2>
			<p className="mb-3 text-sm text-ink-muted">{t('detail.photosHint', limits)}</p>
			<Form method="POST" encType="multipart/form-data" className="mb-6" data-testid="photo-upload">
				<input type="hidden" name="intent" value="upload" />
				<label htmlFor="photo-files" className="mb-1 block text-sm font-medium">
					{t('detail.chooseFiles')}
				</label>
				<input
					id="photo-files"
					type="file"
					name="photos"
					multiple
					accept="image/*"
					aria-invalid={uploadErrors.length > 0 || undefined}
					aria-describedby={uploadErrors.length ? 'photo-files-error' : undefined}
					className="mb-2 block text-sm"
				/>
				<FieldErrors id="photo-files-error" errors={uploadErrors} />
				<button type="submit" className="btn-secondary mt-2">
					{t('detail.upload')}
				</button>
			</Form>
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
						<Form method="POST">
							<input type="hidden" name="photoId" value={photo.id} />
							{(['altDe', 'altEn'] as const).map((key) => (
								<label key={key} className="mb-2 block text-sm">
									{t(`detail.${key}`)}
									<input
										name={key}
										defaultValue={photo[key]}
										maxLength={200}
										className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
									/>
								</label>
							))}
							<div className="flex flex-wrap gap-2">
								<button
									type="submit"
									name="intent"
									value="photoAlt"
									className="btn-secondary px-2 py-1 text-sm"
								>
									{t('detail.saveAlt')}
								</button>
								{index > 0 ? (
									<>
										<button
											type="submit"
											name="intent"
											value="photoCover"
											className="btn-secondary px-2 py-1 text-sm"
										>
											{t('detail.makeCover')}
										</button>
										<button
											type="submit"
											name="intent"
											value="photoUp"
											className="btn-secondary px-2 py-1 text-sm"
										>
											{t('detail.moveUp')}
										</button>
									</>
								) : null}
								{index < photos.length - 1 ? (
									<button
										type="submit"
										name="intent"
										value="photoDown"
										className="btn-secondary px-2 py-1 text-sm"
									>
										{t('detail.moveDown')}
									</button>
								) : null}
								<button
									type="submit"
									name="intent"
									value="photoDelete"
									className="btn-secondary px-2 py-1 text-sm"
								>
									{t('detail.delete')}
								</button>
							</div>
						</Form>
					</li>
				))}
			</ol>
		</section>
	)
}

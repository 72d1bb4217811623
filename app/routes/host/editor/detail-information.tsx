import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/detail-information.ts'
import { BilingualRows, FeatureCheckboxes } from '#app/components/editor-fields.tsx'
import { EditorForm, SaveBar } from '#app/components/editor-tabs.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { fieldLabels, FormAlert, getFormProps, TextAreaField } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { MarkdownHtml } from '#app/components/markdown-html.tsx'
import { PhotoManager } from '#app/components/photo-manager.tsx'
import { renderMarkdown } from '#app/models/catalogue/content.server.ts'
import {
	listFeatureCatalogue,
	readDetailInformation,
	saveDetailInformation,
} from '#app/models/host-office/host-editor.server.ts'
import {
	addPhotos,
	deletePhoto,
	listEditorPhotos,
	movePhoto,
	updatePhotoAlt,
} from '#app/models/host-office/host-photos.server.ts'
import { MAX_UPLOAD_MB } from '#app/models/catalogue/images.server.ts'
import {
	detailInformationSchema,
	EDITOR_LIMITS,
	MAX_PHOTOS,
	PAGE_KEYS,
	photoAltSchema,
	QUESTION_KEYS,
} from '#app/schemas/host-editor.ts'
import { failedForm, keptForm } from '#app/utils/form-actions.server.ts'
import { readFormData } from '#app/utils/multipart.server.ts'
import { z } from '#app/utils/validation.ts'
import { requireEditablePlayroom, saveTab } from './editor.server.ts'

/**
 * Tab detail-information: descriptions de/en (Markdown, shown as the safe
 * renderer makes it), features, FAQ, extra pages — one form — and the photos
 * (upload several at once, alt texts, order, cover, delete). Every photo
 * button posts the descriptions' form with it, which comes back as typed and
 * unsaved (without JavaScript; with it the photos go by a fetcher and the form
 * stays as it is) — a photo never costs a typed word (issue 31.3, ADR 0151).
 * Uploads are read with a byte limit (ADR 0070).
 */
export async function loader(args: Route.LoaderArgs) {
	const { playroom } = await requireEditablePlayroom(args)
	const values = readDetailInformation(playroom)
	return {
		values,
		previews: { de: renderMarkdown(values.descriptionDe), en: renderMarkdown(values.descriptionEn) },
		features: listFeatureCatalogue().map((f) => ({
			key: f.key,
			icon: f.icon,
			nameDe: f.nameDe,
			nameEn: f.nameEn,
		})),
		photos: listEditorPhotos(playroom.id),
		limits: { mb: MAX_UPLOAD_MB, max: MAX_PHOTOS },
	}
}

const TAB = 'detail-information'
/** Several files at once, each ≤ 15 MB: the request may carry four full-size files. */
const MAX_UPLOAD_REQUEST_BYTES = 4 * MAX_UPLOAD_MB * 1024 * 1024 + 1024 * 1024
const photoIdSchema = z.object({ photoId: z.string().min(1).max(40) })

/**
 * A photo action: the photo form's `intent` (and `photoId`), or — from the page,
 * where every photo button belongs to the descriptions' form so that it carries
 * what was typed there (issue 31.3) — its `photoAction`, e.g. `upload`,
 * `alt:<photoId>` with the alt texts `altDe-<photoId>`, `delete:<photoId>`.
 */
const PHOTO_ACTIONS = {
	upload: 'upload',
	alt: 'photoAlt',
	up: 'photoUp',
	down: 'photoDown',
	cover: 'photoCover',
	delete: 'photoDelete',
} as const
type PhotoIntent = (typeof PHOTO_ACTIONS)[keyof typeof PHOTO_ACTIONS]

function photoRequest(form: FormData): { intent: PhotoIntent; fields: FormData } | null {
	const action = form.get('photoAction')
	if (typeof action !== 'string') {
		const intent = form.get('intent')
		const known = Object.values(PHOTO_ACTIONS) as string[]
		return typeof intent === 'string' && known.includes(intent)
			? { intent: intent as PhotoIntent, fields: form }
			: null
	}
	const [name = '', photoId = ''] = action.split(':', 2)
	const intent = PHOTO_ACTIONS[name as keyof typeof PHOTO_ACTIONS] ?? 'upload'
	const fields = new FormData()
	fields.set('photoId', photoId)
	for (const lang of ['De', 'En']) fields.set(`alt${lang}`, String(form.get(`alt${lang}-${photoId}`) ?? ''))
	return { intent, fields }
}

export async function action(args: Route.ActionArgs) {
	await requireEditablePlayroom(args)
	let form: FormData
	try {
		form = await readFormData(args.request, MAX_UPLOAD_REQUEST_BYTES)
	} catch (error) {
		return failedForm('upload', parseWithZod(new FormData(), { schema: z.object({}) }), error)
	}
	const photo = photoRequest(form)
	if (!photo)
		return saveTab(args, { tab: TAB, form, schema: detailInformationSchema, save: saveDetailInformation })
	// The descriptions' form came along: the page answers with it as typed (nothing of it saved).
	const keep = form.has('photoAction') ? keptForm('detail', form) : undefined
	const common = { tab: TAB, intent: photo.intent, keep } as const
	const { intent, fields } = photo
	if (intent === 'upload') {
		const files = form
			.getAll('photos')
			.filter((value): value is File => value instanceof File && value.size > 0)
		const uploads = await Promise.all(
			files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })),
		)
		return saveTab(args, {
			...common,
			form: fields,
			schema: z.object({}),
			save: (user, playroomId) => addPhotos(user, playroomId, uploads),
			toastKey: 'hostEditor:detail.uploaded',
			toastParams: { count: uploads.length },
		})
	}
	if (intent === 'photoAlt') {
		return saveTab(args, {
			...common,
			form: fields,
			schema: photoAltSchema.extend(photoIdSchema.shape),
			save: (user, playroomId, value) => updatePhotoAlt(user, playroomId, value.photoId, value),
		})
	}
	if (intent === 'photoDelete') {
		return saveTab(args, {
			...common,
			form: fields,
			schema: photoIdSchema,
			save: (user, playroomId, value) => deletePhoto(user, playroomId, value.photoId),
			toastKey: 'hostEditor:detail.deleted',
		})
	}
	const move = intent === 'photoUp' ? 'up' : intent === 'photoDown' ? 'down' : 'cover'
	return saveTab(args, {
		...common,
		form: fields,
		schema: photoIdSchema,
		save: (user, playroomId, value) => movePhoto(user, playroomId, value.photoId, move),
	})
}

export default function DetailInformationTab({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('hostEditor')
	const [form, fields] = useAppForm({
		id: TAB,
		schema: detailInformationSchema,
		lastResult: useFormResult('detail'),
		defaultValue: loaderData.values,
	})
	return (
		<>
			{/* Multipart: the photo buttons below belong to this form and post it with the files (issue 31.3). */}
			<EditorForm {...getFormProps(form)} encType="multipart/form-data" className="card mb-6">
				<FormAlert form={form} labels={fieldLabels(t, 'hostEditor:detail')} />
				<input type="hidden" name="intent" value="detail" />
				<h2 className="mb-2 text-xl font-semibold">{t('detail.descriptions')}</h2>
				<p className="mb-1 text-xs text-ink-muted">{t('detail.markdownHint')}</p>
				<p className="mb-3 text-xs text-ink-muted">{t('detail.oneLanguage')}</p>
				{(['de', 'en'] as const).map((lang) => {
					const field = lang === 'de' ? fields.descriptionDe : fields.descriptionEn
					return (
						<div key={lang}>
							<TextAreaField
								field={field}
								label={t(lang === 'de' ? 'detail.descriptionDe' : 'detail.descriptionEn')}
								maxLength={EDITOR_LIMITS.description}
								rows={8}
							/>
							{loaderData.previews[lang] ? (
								<details className="mb-4 text-sm">
									<summary>{t('detail.preview')}</summary>
									{/* The public page shows the description through the same renderer and block (issue 31.1). */}
									<MarkdownHtml
										html={loaderData.previews[lang]}
										className="mt-2"
										testId={`description-preview-${lang}`}
									/>
								</details>
							) : null}
						</div>
					)
				})}
				<FeatureCheckboxes
					field={fields.features}
					features={loaderData.features}
					legend={t('detail.features')}
				/>
				<BilingualRows
					field={fields.questions}
					keys={QUESTION_KEYS}
					legend={t('detail.questions')}
					hint={t('detail.questionsHint')}
					rowLabel={(number) => t('detail.question', { number })}
					multiline={['answerDe', 'answerEn']}
				/>
				<BilingualRows
					field={fields.pages}
					keys={PAGE_KEYS}
					legend={t('detail.pages')}
					hint={t('detail.questionsHint')}
					rowLabel={(number) => t('detail.page', { number })}
					multiline={['textDe', 'textEn']}
				/>
				<SaveBar />
			</EditorForm>
			<PhotoManager formId={form.id} photos={loaderData.photos} limits={loaderData.limits} />
		</>
	)
}

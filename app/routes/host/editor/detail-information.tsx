import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/detail-information.ts'
import { BilingualRows, FeatureCheckboxes } from '#app/components/editor-fields.tsx'
import { EditorForm, SaveBar } from '#app/components/editor-tabs.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { fieldLabels, FormAlert, getFormProps, TextAreaField } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
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
import { failedForm } from '#app/utils/form-actions.server.ts'
import { readFormData } from '#app/utils/multipart.server.ts'
import { z } from '#app/utils/validation.ts'
import { requireEditablePlayroom, saveTab } from './editor.server.ts'

/**
 * Tab detail-information: descriptions de/en (Markdown, shown as the safe
 * renderer makes it), features, FAQ, extra pages — one form — and the photos,
 * each action its own small form (upload several at once, alt texts, order,
 * cover, delete). Uploads are read with a byte limit (ADR 0070).
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

export async function action(args: Route.ActionArgs) {
	await requireEditablePlayroom(args)
	let form: FormData
	try {
		form = await readFormData(args.request, MAX_UPLOAD_REQUEST_BYTES)
	} catch (error) {
		return failedForm('upload', parseWithZod(new FormData(), { schema: z.object({}) }), error)
	}
	const intent = String(form.get('intent') ?? 'detail')
	if (intent === 'upload') {
		const files = form
			.getAll('photos')
			.filter((value): value is File => value instanceof File && value.size > 0)
		const uploads = await Promise.all(
			files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })),
		)
		return saveTab(args, {
			tab: TAB,
			form,
			schema: z.object({}),
			save: (user, playroomId) => addPhotos(user, playroomId, uploads),
			toastKey: 'hostEditor:detail.uploaded',
			toastParams: { count: uploads.length },
		})
	}
	if (intent === 'photoAlt') {
		return saveTab(args, {
			tab: TAB,
			form,
			schema: photoAltSchema.extend(photoIdSchema.shape),
			save: (user, playroomId, value) => updatePhotoAlt(user, playroomId, value.photoId, value),
		})
	}
	if (intent === 'photoUp' || intent === 'photoDown' || intent === 'photoCover') {
		const move = intent === 'photoUp' ? 'up' : intent === 'photoDown' ? 'down' : 'cover'
		return saveTab(args, {
			tab: TAB,
			form,
			schema: photoIdSchema,
			save: (user, playroomId, value) => movePhoto(user, playroomId, value.photoId, move),
		})
	}
	if (intent === 'photoDelete') {
		return saveTab(args, {
			tab: TAB,
			form,
			schema: photoIdSchema,
			save: (user, playroomId, value) => deletePhoto(user, playroomId, value.photoId),
			toastKey: 'hostEditor:detail.deleted',
		})
	}
	return saveTab(args, { tab: TAB, form, schema: detailInformationSchema, save: saveDetailInformation })
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
			<EditorForm {...getFormProps(form)} className="card mb-6">
				<FormAlert form={form} labels={fieldLabels(t, 'hostEditor:detail')} />
				<input type="hidden" name="intent" value="detail" />
				<h2 className="mb-2 text-xl font-semibold">{t('detail.descriptions')}</h2>
				<p className="mb-3 text-xs text-ink-muted">{t('detail.markdownHint')}</p>
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
									{/* markdown-it with html: false (the content pages' renderer): source HTML is escaped. */}
									<div
										className="prose mt-2"
										dangerouslySetInnerHTML={{ __html: loaderData.previews[lang] }}
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
			<PhotoManager photos={loaderData.photos} limits={loaderData.limits} />
		</>
	)
}

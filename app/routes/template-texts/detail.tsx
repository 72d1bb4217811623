import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/detail.ts'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { TemplateTextForm } from '#app/components/host-access-forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import {
	deleteTemplateText,
	getTemplateText,
	sampleValues,
	updateTemplateText,
} from '#app/models/host-office/template-texts.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { areaOf } from '../account/area.server.ts'
import { submitTemplateText } from './template-text-form.server.ts'

/**
 * /host/templateTexts/:templateTextId (issue 13) and
 * /admin/templateTexts/:templateTextId (issue 14, ADR 0096): one module under
 * both route ids (issue 30), the editor named by the area it is mounted in.
 * Edit a template text with the live preview. The host edits its own texts —
 * the overrides of the platform default for its guests — and can delete one
 * (its guests then get the default again); another host's text is a 404. The
 * admin edits the platform defaults (a default keeps its type and language),
 * can open a host's text, sees the audit history of the text, deletes nothing.
 */
const EDITORS = {
	/** The host: its own texts (the overrides for its guests); the preview with its own name; may delete one. */
	host: {
		role: 'Owner',
		testId: 'host-template-text',
		back: 'hostAccess:templates.back',
		sampleHost: null,
		intro: false,
		history: false,
		deletes: true,
	},
	/** The admin: the platform defaults (and a host's text), said which it is; the audit history; no delete. */
	admin: {
		role: 'Admin',
		testId: 'admin-template-text',
		back: 'admin:templateTexts.back',
		sampleHost: 'admin:templateTexts.sampleHost',
		intro: true,
		history: true,
		deletes: false,
	},
} as const

async function requireEditor(args: Route.LoaderArgs | Route.ActionArgs) {
	const { area } = areaOf(args.url)
	if (area === 'guest') throw new Error('template texts are edited in /host and /admin only')
	const editor = await requireRole(args, EDITORS[area].role)
	requireOwnedParams(args.params, editor)
	return { area, editor }
}

export async function loader(args: Route.LoaderArgs) {
	const { area, editor } = await requireEditor(args)
	const row = getTemplateText(editor, args.params.templateTextId)
	const { sampleHost, history } = EDITORS[area]
	return {
		area,
		template: { id: row.id, type: row.type, locale: row.locale, subject: row.subject, body: row.body },
		platform: row.hostId === null,
		sample: sampleValues(
			row.locale,
			sampleHost ? looseT(getT(args.context))(sampleHost) : editor.displayName,
		),
		history: history ? listAuditEntries('templateText', row.id) : null,
	}
}

export async function action(args: Route.ActionArgs) {
	const { area, editor } = await requireEditor(args)
	const id = args.params.templateTextId
	const form = await args.request.formData()
	if (EDITORS[area].deletes && form.get('intent') === 'delete') {
		try {
			deleteTemplateText(editor, id)
		} catch (error) {
			if (isAppError(error) && error.status === 404) throw notFound()
			throw error
		}
		return redirectWithToast(localizePath(`/${area}/templateTexts`, getLocale(args.context)), {
			type: 'success',
			description: looseT(getT(args.context))('hostAccess:templates.removed'),
		})
	}
	return submitTemplateText(args.context, form, {
		area,
		intent: 'save',
		toast: 'hostAccess:templates.saved',
		write: (input) => {
			updateTemplateText(editor, id, input)
			return id
		},
	})
}

export default function TemplateTextPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: th } = useTranslation(['hostAccess', 'admin'])
	const { area, template, history } = loaderData
	const editor = EDITORS[area]
	const heading = `${th(`templateTypes.${template.type}`)} (${th(`locales.${template.locale}`)})`
	return (
		<main id="main" data-testid={editor.testId}>
			<title>{`${heading} | ${t('appName')}`}</title>
			<p className="mb-2">
				<LocaleLink to={`/${area}/templateTexts`} className="link text-sm">
					{th(editor.back)}
				</LocaleLink>
			</p>
			<h1 className={`${editor.intro ? 'mb-2' : 'mb-4'} text-3xl font-bold`}>{heading}</h1>
			{editor.intro ? (
				<p className="mb-4 text-ink-muted">
					{th(loaderData.platform ? 'admin:templateTexts.platformIntro' : 'admin:templateTexts.hostIntro')}
				</p>
			) : null}
			<TemplateTextForm
				id="template-form"
				intent="save"
				defaults={template}
				sample={loaderData.sample}
				submitLabel={th('templates.save')}
			/>
			{editor.deletes ? (
				<Form method="POST" className="mt-4">
					<button type="submit" name="intent" value="delete" className="btn-secondary">
						{th('templates.remove')}
					</button>
				</Form>
			) : null}
			{history ? (
				<div className="mt-6">
					<AuditHistory entries={history} />
				</div>
			) : null}
		</main>
	)
}

import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { data, type RouterContextProvider } from 'react-router'
import {
	isAdminEditing,
	playroomBeforeAdminEdit,
	recordAdminPlayroomEdit,
} from '#app/models/admin/admin-playrooms.server.ts'
import {
	requireManageablePlayroom,
	type ManagedPlayroom,
} from '#app/models/host-office/playroom-access.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import type { UserRole } from '#db/schema/users.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm, type FormActionData } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'
import { isPlayroomEditorPath, type PLAYROOM_EDIT_TABS, playroomEditorPath } from '#app/utils/slugs.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { z } from '#app/utils/validation.ts'

/**
 * What every loader and action of the playroom editor does first (issue 12):
 * the host (or an admin) and a playroom they may manage — anything else is
 * the 404 page, before any validation (requireManageablePlayroom).
 */
type Args = {
	request: Request
	url: URL
	params: Record<string, string | undefined>
	context: Readonly<RouterContextProvider>
}

/**
 * Who may enter the host area for this request: hosts; on the playroom
 * editor's routes also admins, on behalf of the host (ADR 0102). Only the
 * role gate — the editor's loaders and actions still check the playroom.
 */
export function hostAreaRoles(url: URL): UserRole[] {
	const path = stripLocale(url.pathname)
	return isPlayroomEditorPath(path) ? ['Owner', 'Admin'] : ['Owner']
}

export async function requireEditablePlayroom(
	args: Args,
): Promise<{ user: SessionUser; playroom: ManagedPlayroom }> {
	const user = await requireRole(args, 'Owner', 'Admin')
	assertValidRouteParams(args.params)
	try {
		return { user, playroom: requireManageablePlayroom(user, args.params.playroomId) }
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
}

/**
 * A tab's save: parse with the tab's schema, write through the model, then
 * back to the tab with a success toast. Invalid input answers the form with
 * its values and translated field errors and changes nothing. Saving a
 * playroom that is not public keeps the public page cache (nothing visible changed).
 */
export async function saveTab<S extends z.ZodType>(
	args: Args,
	options: {
		tab: (typeof PLAYROOM_EDIT_TABS)[number]
		schema: S
		save: (user: SessionUser, playroomId: string, value: z.output<S>) => unknown
		form?: FormData
		/** The submission's own intent (else the form's `intent`, else the tab). */
		intent?: string
		toastKey?: string
		toastParams?: Record<string, unknown>
		/**
		 * The tab's form came along unsaved (a photo action posts the descriptions' form, issue 31.3):
		 * answer the page with its fields as they were typed and the success as a notice, no redirect.
		 */
		keep?: FormActionData['kept']
	},
) {
	const { user, playroom } = await requireEditablePlayroom(args)
	const form = options.form ?? (await args.request.formData())
	const intent = options.intent ?? String(form.get('intent') ?? options.tab)
	const submission = parseFormSubmission(form, { schema: options.schema })
	const keep = <T extends { data: FormActionData }>(answer: T) =>
		options.keep ? Object.assign(answer, { data: { ...answer.data, kept: options.keep } }) : answer
	if (submission.status !== 'success') return keep(invalidForm(intent, submission))
	// An admin editing on behalf of the host leaves an audit entry (ADR 0098, 0102).
	// So does an admin acting as the host ("login as"): "admin X as host Y" (issue 31.13).
	const beforeAdminEdit = isAdminEditing(user) ? playroomBeforeAdminEdit(user, playroom.id) : null
	try {
		await options.save(user, playroom.id, submission.value as z.output<S>)
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		return keep(failedForm(intent, submission, error))
	}
	if (beforeAdminEdit) recordAdminPlayroomEdit(user, playroom.id, intent, beforeAdminEdit)
	// The invoice tab saves the host's own data too (the § 19 UStG status every public price of the
	// host shows, ADR 0150): that empties the page cache whatever this playroom's status.
	if (playroom.status !== 'Published' && options.tab !== 'paymentAndInvoice') keepPageCache(args.context)
	const t = looseT(getT(args.context))
	const said = t(options.toastKey ?? 'hostEditor:saved', options.toastParams)
	if (options.keep) {
		return data<FormActionData>({ intent, result: submission.reply(), kept: options.keep, notice: said })
	}
	return redirectWithToast(
		localizePath(playroomEditorPath(playroom.id, options.tab), getLocale(args.context)),
		{ type: 'success', description: said },
	)
}

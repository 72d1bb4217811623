import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/delete.ts'
import { DeleteAccountForm } from '#app/components/delete-account-form.tsx'
import { deleteOwnAccount } from '#app/models/accounts/account.server.ts'
import { deleteAccountSchema } from '#app/schemas/account.ts'
import { clearAuthCookies } from '#app/utils/account-session.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAreaSession } from './area.server.ts'

/**
 * /guest/account/delete (issue 3): with the password, the guest's account is
 * anonymised (PRODUCT.md §3) — orders and invoices stay, every session ends,
 * the browser is logged out and its favourites are cleared.
 */
export async function loader(args: Route.LoaderArgs) {
	const { session } = await requireAreaSession(args)
	return { impersonating: Boolean(session.impersonatorUserId) }
}

export async function action(args: Route.ActionArgs) {
	const { session } = await requireAreaSession(args)
	const submission = parseFormSubmission(await args.request.formData(), { schema: deleteAccountSchema })
	if (submission.status !== 'success') return invalidForm('deleteAccount', submission)
	try {
		await deleteOwnAccount(session, submission.value)
	} catch (error) {
		return failedForm('deleteAccount', submission, error)
	}
	clearAuthCookies(args.context)
	return redirectWithToast(localizePath('/', getLocale(args.context)), {
		type: 'success',
		description: looseT(getT(args.context))('account:delete.done'),
	})
}

export default function DeleteAccountPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('account')
	const title = pageTitle(t, 'guest/account/delete')
	return (
		<main id="main">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-2 text-3xl font-bold">{title}</h1>
			<div className="card max-w-xl">
				<p className="mb-4">{ta('delete.intro')}</p>
				{loaderData.impersonating ? (
					<p className="font-medium">{ta('edit.impersonationNote')}</p>
				) : (
					<DeleteAccountForm submitLabel={ta('delete.submit')} />
				)}
			</div>
		</main>
	)
}

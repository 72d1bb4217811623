import {
	getEmailSettings,
	getLangPreference,
	updateEmailSettings,
	updateLangPreference,
} from '#app/models/accounts/account.server.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { activateNewsletter } from '#app/models/vouchers/newsletter.server.ts'
import { requestMeta } from '#app/utils/account-session.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { emailSettingsApiSchema, langPreferenceSchema } from '#app/schemas/account.ts'
import { parseJsonBody } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

/**
 * /api/User/* (spec §7 User account): e-mail settings as string booleans (and the chat e-mail
 * setting `chatEmailFrequency`, issue 32), language preference.
 */
type Args = Parameters<typeof requestMeta>[0]
const consentMeta = (args: Args) => ({ ip: requestMeta(args).ip ?? null, language: getLocale(args.context) })

const endpoints = apiEndpoints({
	EmailSettings: {
		method: 'GET',
		handler: async (args) => {
			const settings = getEmailSettings((await requireUser(args)).id)
			return {
				allowEmailForBookings: String(settings.allowEmailForBookings),
				allowEmailForPersonalOffers: String(settings.allowEmailForPersonalOffers),
				allowEmailForFeedback: String(settings.allowEmailForFeedback),
				chatEmailFrequency: settings.chatEmailFrequency,
			}
		},
	},
	UpdateEmailSettings: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireUser(args)
			updateEmailSettings(
				user.id,
				await parseJsonBody(emailSettingsApiSchema, args.request),
				consentMeta(args),
			)
			return null
		},
	},
	/** The newsletter modal's "activate" (spec §4; the spec does not show its path): guests only. */
	ActivateNewsletter: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireUser(args)
			const result = activateNewsletter(user.id, { ...consentMeta(args), source: 'Modal' })
			deliverSoon([result.mailId])
			return { activated: result.activated, welcomeVoucher: result.welcomeVoucher }
		},
	},
	GetLangPreference: {
		method: 'GET',
		handler: async (args) => ({ langPreference: getLangPreference((await requireUser(args)).id) }),
	},
	UpdateLangPreference: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireUser(args)
			updateLangPreference(user.id, (await parseJsonBody(langPreferenceSchema, args.request)).langPreference)
			return null
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action

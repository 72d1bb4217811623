import {
	getEmailSettings,
	getLangPreference,
	updateEmailSettings,
	updateLangPreference,
} from '#app/models/accounts/account.server.ts'
import { emailSettingsApiSchema, langPreferenceSchema } from '#app/schemas/account.ts'
import { parseJsonBody } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

/**
 * /api/User/* (spec §7 User account): e-mail settings as string booleans (and the chat e-mail
 * setting `chatEmailFrequency`, issue 32), language preference.
 */
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
			updateEmailSettings(user.id, await parseJsonBody(emailSettingsApiSchema, args.request))
			return null
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

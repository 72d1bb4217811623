import {
	readBasicInformation,
	readDetailInformation,
	readPrice,
	saveBasicInformation,
	saveDetailInformation,
	savePrice,
	type Editor,
} from '#app/models/host-office/host-editor.server.ts'
import {
	readAvailability,
	readPayment,
	readRules,
	saveAvailability,
	savePayment,
	saveRules,
} from '#app/models/host-office/host-editor-settings.server.ts'
import {
	requireManageablePlayroom,
	type ManagedPlayroom,
} from '#app/models/host-office/playroom-access.server.ts'
import { EDITOR_SECTIONS, type EditorSection } from '#app/schemas/host-editor.ts'
import { AppError, apiHandler, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'

/**
 * /api/Owner/Playrooms/:playroomId/:section — the editor's tabs as an API
 * (issue 12): GET reads a section, PUT/POST writes it with the same schema and
 * model as the page. Sections: basic-information, detail-information, price,
 * rules, availability, paymentAndInvoice. Money in the price section is in
 * euros (numbers), as the form has it. Host of the playroom or admin; any
 * other caller gets 404 before the section or body is looked at.
 */
const euros = (cents: number) => cents / 100

const SECTIONS: {
	[S in EditorSection]: {
		read: (playroom: ManagedPlayroom) => unknown
		save: (editor: Editor, playroomId: string, value: never) => unknown
	}
} = {
	'basic-information': { read: readBasicInformation, save: saveBasicInformation },
	'detail-information': { read: (p) => readDetailInformation(p), save: saveDetailInformation },
	price: {
		read: (p) => {
			const price = readPrice(p)
			return {
				enabledTypes: price.enabledTypes,
				prices: Object.fromEntries(
					Object.entries(price.prices).map(([type, row]) => [
						type,
						{
							...row,
							weekdayPrice: euros(row.weekdayPrice),
							weekendPrice: euros(row.weekendPrice),
							extraGuestFee: euros(row.extraGuestFee),
							cleaningFee: euros(row.cleaningFee),
							deposit: euros(row.deposit),
						},
					]),
				),
				extras: price.extras.map((e) => ({ ...e, price: euros(e.price) })),
			}
		},
		save: savePrice,
	},
	rules: { read: readRules, save: saveRules },
	availability: { read: (p) => readAvailability(p), save: saveAvailability },
	paymentAndInvoice: { read: (p) => readPayment(p), save: savePayment },
}

function section(name: string | undefined): EditorSection {
	if (!name || !Object.hasOwn(EDITOR_SECTIONS, name)) throw new AppError(404, 'UnknownEndpoint')
	return name as EditorSection
}

export const loader = apiHandler(async (args) => {
	const user = await requireRole(args, 'Owner', 'Admin')
	const playroom = requireManageablePlayroom(user, args.params.playroomId)
	return SECTIONS[section(args.params.section)].read(playroom)
})

export const action = apiHandler(async (args) => {
	const user = await requireRole(args, 'Owner', 'Admin')
	const playroom = requireManageablePlayroom(user, args.params.playroomId)
	if (args.request.method !== 'PUT' && args.request.method !== 'POST') methodNotAllowed()
	const name = section(args.params.section)
	const value = await parseJsonBody(EDITOR_SECTIONS[name], args.request)
	SECTIONS[name].save(user, playroom.id, value as never)
	if (playroom.status !== 'Published') keepPageCache(args.context)
	return SECTIONS[name].read(requireManageablePlayroom(user, playroom.id))
})

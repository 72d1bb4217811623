import type { TranslationShape } from '../types.ts'
import type { de } from '../de/index.ts'
import { catalogue } from './catalogue.ts'
import { common } from './common.ts'
import { auth } from './auth.ts'
import { account } from './account.ts'
import { booking } from './booking.ts'
import { consent } from './consent.ts'
import { hostOffice } from './host-office.ts'
import { admin } from './admin.ts'

export const en: TranslationShape<typeof de> = {
	common,
	catalogue,
	auth,
	account,
	booking,
	consent,
	hostOffice,
	admin,
}

import { catalogue } from './catalogue.ts'
import { common } from './common.ts'
import { auth } from './auth.ts'
import { account } from './account.ts'
import { booking } from './booking.ts'
import { consent } from './consent.ts'
import { hostOffice } from './host-office.ts'
import { admin } from './admin.ts'

/** German resources, one entry per namespace. German is the source language. */
export const de = { common, catalogue, auth, account, booking, consent, hostOffice, admin }

import { catalogue } from './catalogue.ts'
import { common } from './common.ts'
import { auth } from './auth.ts'
import { account } from './account.ts'
import { booking } from './booking.ts'
import { consent } from './consent.ts'
import { hostOffice } from './host-office.ts'
import { hostIcal } from './host-ical.ts'
import { hostEditor } from './host-editor.ts'
import { hostCalendar } from './host-calendar.ts'
import { waitlist } from './waitlist.ts'
import { chat } from './chat.ts'
import { ratings } from './ratings.ts'
import { hostAccess } from './host-access.ts'
import { templateDefaults } from './template-defaults.ts'
import { adminDashboard } from './admin-dashboard.ts'
import { adminMoney } from './admin-money.ts'
import { admin } from './admin.ts'
import { adminPayments } from './admin-payments.ts'
import { adminImport } from './admin-import.ts'
import { adminAudit } from './admin-audit.ts'
import { notifications } from './notifications.ts'
import { vouchers } from './vouchers.ts'
import { newsletter } from './newsletter.ts'
import { voucherOrders } from './voucher-orders.ts'
import { voucherOffices } from './voucher-offices.ts'
import { adminEmails } from './admin-emails.ts'
import { payouts } from './payouts.ts'
import { adminBooks } from './admin-books.ts'
import { refunds } from './refunds.ts'
import { invoices } from './invoices.ts'

/** German resources, one entry per namespace. German is the source language. */
export const de = {
	catalogue,
	common,
	auth,
	account,
	booking,
	consent,
	hostOffice,
	hostIcal,
	hostEditor,
	hostCalendar,
	waitlist,
	chat,
	ratings,
	hostAccess,
	templateDefaults,
	adminDashboard,
	adminMoney,
	admin,
	adminPayments,
	adminImport,
	adminAudit,
	notifications,
	vouchers,
	newsletter,
	voucherOrders,
	voucherOffices,
	adminEmails,
	payouts,
	adminBooks,
	refunds,
	invoices,
}

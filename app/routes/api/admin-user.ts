import { deleteUserAsAdmin, findUserByEmail } from '#app/models/accounts/account.server.ts'
import { exportUsers, getUserForAdmin, listUsers, userTable } from '#app/models/admin/admin-users.server.ts'
import { getUserActivity } from '#app/models/admin/admin-user-activity.server.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { confirmEmailAsAdmin, setPasswordAsAdmin } from '#app/models/accounts/credentials.server.ts'
import { convertOrdersToGutshof, convertToGutshof } from '#app/models/admin/host-transfer.server.ts'
import { startImpersonation } from '#app/models/accounts/impersonation.server.ts'
import type { UserRole } from '#db/schema/users.ts'
import {
	adminChangePasswordSchema,
	customerUserIdQuerySchema,
	hostUserIdQuerySchema,
	userIdQuerySchema,
	userNameSchema,
} from '#app/schemas/account.ts'
import { hostTransferSchema } from '#app/schemas/admin-entities.ts'
import {
	invoiceQuerySchema,
	recreateAllInvoicesSchema,
	recreateInvoiceSchema,
} from '#app/schemas/invoices.ts'
import {
	hostMonthInvoices,
	recreateAllInvoices,
	recreateInvoice,
} from '#app/models/invoices/invoices.server.ts'
import {
	readSessionCookie,
	requestMeta,
	requireSession,
	setImpersonatorCookie,
	setSessionCookie,
} from '#app/utils/account-session.server.ts'
import { AppError, parseJsonBody, parseQuery, type ApiHandlerArgs } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { exportLocale } from '#app/utils/data-table-csv.server.ts'
import { parseTableQuery } from '#app/utils/data-table.server.ts'
import { getAuth, requireRole } from '#app/utils/auth.server.ts'

/**
 * /api/Admin/User/* — admin only (spec §7 Admin user): LoginAs, ConfirmUserEmail,
 * ChangePassword (?userName=), Delete (?userId=), Customer (?customerUserId=), Host (?hostUserId=),
 * ConvertToGutshof / ConvertOrdersToGutshof
 * (ADR 0099), the user indexes and their CSV exports; the commission invoices (issue 34, ADR 0178):
 * Invoice (?hostUserId=&dateString=: the month's invoices with their lines), RecreateInvoice
 * ({invoiceId}) and RecreateAllInvoices ({dateString}): a Storno and a new invoice each.
 */
function userByName(userName: string) {
	const user = findUserByEmail(userName)
	if (!user) throw new AppError(404, 'UserNotFound', { messageKey: 'account:errors.userNotFound' })
	return user
}

/** Customer / Host: one account as the admin detail page shows it (profile, activity, history). */
async function userDetail(args: ApiHandlerArgs, userId: string, role: UserRole) {
	const admin = await requireRole(args, 'Admin')
	const user = getUserForAdmin(admin, userId, role)
	return { ...user, activity: getUserActivity(admin, user.id), history: listAuditEntries('user', user.id) }
}

/** The user lists: one data table for the pages, the …Index endpoints and the …Export CSV. */
function index(role: UserRole) {
	return async (args: ApiHandlerArgs) => {
		const admin = await requireRole(args, 'Admin')
		return listUsers(admin, role, parseTableQuery(userTable, args.url.searchParams))
	}
}

function csvExport(role: UserRole) {
	return async (args: ApiHandlerArgs) => {
		const admin = await requireRole(args, 'Admin')
		const query = parseTableQuery(userTable, args.url.searchParams)
		return exportUsers(admin, role, query, exportLocale(args.url, args.locale))
	}
}

const endpoints = apiEndpoints({
	LoginAs: {
		method: 'POST',
		handler: async (args) => {
			await requireRole(args, 'Admin')
			const admin = await requireSession(args)
			const { userName } = await parseJsonBody(userNameSchema, args.request)
			const impersonation = startImpersonation(admin, { userName }, requestMeta(args))
			// A browser (cookie session) switches right away; bearer clients keep both tokens themselves.
			const adminToken = readSessionCookie(args.request)
			if (getAuth(args.context).via === 'cookie' && adminToken) {
				setImpersonatorCookie(args.context, adminToken, admin)
				setSessionCookie(args.context, { ...impersonation, persistent: false })
			}
			return { token: impersonation.token, canGoBackToAdmin: true }
		},
	},
	ConfirmUserEmail: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const { userName } = await parseJsonBody(userNameSchema, args.request)
			confirmEmailAsAdmin(admin, userByName(userName).id)
			return null
		},
	},
	ChangePassword: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const { userName } = parseQuery(userNameSchema, args.url)
			const { newPassword } = await parseJsonBody(adminChangePasswordSchema, args.request)
			await setPasswordAsAdmin(admin, userByName(userName).id, newPassword)
			return null
		},
	},
	Delete: {
		method: 'DELETE',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			deleteUserAsAdmin(admin, parseQuery(userIdQuerySchema, args.url).userId)
			return null
		},
	},
	ConvertToGutshof: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return convertToGutshof(admin, await parseJsonBody(hostTransferSchema, args.request))
		},
	},
	ConvertOrdersToGutshof: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return convertOrdersToGutshof(admin, await parseJsonBody(hostTransferSchema, args.request))
		},
	},
	Customer: {
		method: 'GET',
		handler: (args) =>
			userDetail(args, parseQuery(customerUserIdQuerySchema, args.url).customerUserId, 'Customer'),
	},
	Host: {
		method: 'GET',
		handler: (args) => userDetail(args, parseQuery(hostUserIdQuerySchema, args.url).hostUserId, 'Owner'),
	},
	Invoice: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const { hostUserId, dateString } = parseQuery(invoiceQuerySchema, args.url)
			return hostMonthInvoices(admin, hostUserId, dateString)
		},
	},
	RecreateInvoice: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const { invoiceId } = await parseJsonBody(recreateInvoiceSchema, args.request)
			return recreateInvoice(admin, invoiceId)
		},
	},
	RecreateAllInvoices: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const { dateString } = await parseJsonBody(recreateAllInvoicesSchema, args.request)
			return recreateAllInvoices(admin, dateString)
		},
	},
	CustomerIndex: { method: 'GET', handler: index('Customer') },
	OwnerIndex: { method: 'GET', handler: index('Owner') },
	AdminIndex: { method: 'GET', handler: index('Admin') },
	CustomerExport: { method: 'GET', handler: csvExport('Customer') },
	OwnerExport: { method: 'GET', handler: csvExport('Owner') },
	AdminExport: { method: 'GET', handler: csvExport('Admin') },
})

export const loader = endpoints.loader
export const action = endpoints.action

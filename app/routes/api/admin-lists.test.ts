import { describe, expect, test } from 'vitest'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { ratings } from '#db/schema/orders.ts'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { templateTexts } from '#db/schema/access.ts'
import { backgroundTaskExecutions } from '#db/schema/platform.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { loader } from './admin-lists.ts'

/**
 * Issue 14: the playroom, rating, ledger, payment and task-run lists have the
 * users'/orders' `Index` and streaming CSV `Export`, from the same data table
 * definition as their pages. Each list gets two rows of its own that differ in
 * the filter, so "filtered" is checked both ways.
 */
type Case = {
	resource: string
	/** Query selecting exactly the matching row. */
	query: string
	/** A CSV header cell (English) and the text of the matching / the other row. */
	header: string
	match: string
	other: string
	badSort: string
}

async function seed(): Promise<Case[]> {
	const tag = Math.random().toString(36).slice(2, 8)
	const db = getDb()
	const room = await createTestPlayroom({ name: `Listraum ${tag} Alpha` })
	await createTestPlayroom({ name: `Listraum ${tag} Beta`, status: 'Paused' })
	const rate = async (stars: number, comment: string, hidden: boolean) => {
		const order = await createTestOrder({
			playroomId: room.id,
			hostId: room.hostId,
			checkIn: new Date(`2026-08-0${stars}T10:00:00Z`),
			checkOut: new Date(`2026-08-0${stars}T12:00:00Z`),
		})
		db.insert(ratings)
			.values({
				orderId: order.id,
				playroomId: room.id,
				guestId: order.guestId,
				stars,
				cleanliness: stars,
				communication: stars,
				value: stars,
				comment,
				hidden,
			})
			.run()
	}
	await rate(5, `Toll ${tag} sichtbar`, false)
	await rate(2, `Mies ${tag} versteckt`, true)
	const journal = (journalId: string, description: string, day: number) =>
		db
			.insert(moneyTransactions)
			.values(
				(['PlatformBank', 'GuestPrepayments'] as const).map((account, i) => ({
					journalId,
					kind: 'GuestPayment' as const,
					account,
					amount: i === 0 ? 4_200 : -4_200,
					description,
					createdAt: new Date(Date.UTC(2002, 2, day, 12)),
				})),
			)
			.run()
	journal(`ja${tag}aaaaaaaaaa`, `Buchung ${tag} März`, 1)
	journal(`jb${tag}aaaaaaaaaa`, `Buchung ${tag} April`, 20)
	const pay = (reference: string, status: 'Succeeded' | 'Failed') =>
		db
			.insert(paymentTransactions)
			.values({ provider: 'BankTransfer', direction: 'Incoming', amount: 4_200, reference, status })
			.run()
	pay(`REF-${tag}-OK`, 'Succeeded')
	pay(`REF-${tag}-FAIL`, 'Failed')
	const run = (error: string | null, status: 'succeeded' | 'failed') =>
		db
			.insert(backgroundTaskExecutions)
			.values({
				taskName: `listtask-${tag}`,
				trigger: 'manual',
				startedAt: new Date(),
				finishedAt: new Date(),
				status,
				itemsProcessed: 3,
				error,
				runner: 'test',
			})
			.run()
	run(`Zeitüberschreitung ${tag}`, 'failed')
	run(`Hinweis ${tag}`, 'succeeded')
	return [
		{
			resource: 'Playrooms',
			query: `tableFilter=Listraum+${tag}&status=Published`,
			header: 'Playroom',
			match: `Listraum ${tag} Alpha`,
			other: `Listraum ${tag} Beta`,
			badSort: 'host:asc',
		},
		{
			resource: 'PlayroomRatings',
			query: `tableFilter=${tag}&hidden=true`,
			header: 'Stars',
			match: `Mies ${tag} versteckt`,
			other: `Toll ${tag} sichtbar`,
			badSort: 'comment:desc',
		},
		{
			resource: 'MoneyTransactions',
			query: `tableFilter=${tag}&createdAtFrom=2002-03-01&createdAtTo=2002-03-02&cols=createdAt&cols=account&cols=amount&cols=description`,
			header: 'Account',
			match: `Buchung ${tag} März`,
			other: `Buchung ${tag} April`,
			badSort: 'balance:asc',
		},
		{
			resource: 'PaymentTransactions',
			query: `tableFilter=${tag}&status=Failed`,
			header: 'Reference',
			match: `REF-${tag}-FAIL`,
			other: `REF-${tag}-OK`,
			badSort: 'reference:asc',
		},
		{
			resource: 'BackgroundTaskExecutions',
			query: `tableFilter=listtask-${tag}&status=failed`,
			header: 'Error',
			match: `Zeitüberschreitung ${tag}`,
			other: `Hinweis ${tag}`,
			badSort: 'error:asc',
		},
	]
}

/** The CSV file name of each list, per language (ADR 0174). */
const FILE_NAMES: Record<string, { de: string; en: string }> = {
	Playrooms: { de: 'spielraeume', en: 'playrooms' },
	PlayroomRatings: { de: 'bewertungen', en: 'ratings' },
	MoneyTransactions: { de: 'geldbewegungen', en: 'money-transactions' },
	PaymentTransactions: { de: 'zahlungen', en: 'payment-transactions' },
	BackgroundTaskExecutions: { de: 'aufgabenlaeufe', en: 'task-runs' },
	Vouchers: { de: 'gutscheine', en: 'vouchers' },
	VoucherOrders: { de: 'gutscheinbestellungen', en: 'voucher-orders' },
	TemplateTexts: { de: 'vorlagentexte', en: 'template-texts' },
}

describe('admin list APIs: Index and CSV Export of the remaining lists', () => {
	test('Index: the list shape with only the filtered rows; a bad sort column is the 400 envelope', async () => {
		const cases = await seed()
		const { token } = await createLoggedInUser({ role: 'Admin' })
		for (const c of cases) {
			const ok = await callApi(loader, `Admin/${c.resource}`, 'Index', { token, query: c.query })
			expect(ok.status, c.resource).toBe(200)
			const value = ok.value as { items: unknown[]; totalCount: number; currentPage: number; perPage: number }
			expect(Object.keys(value).sort(), c.resource).toEqual(['currentPage', 'items', 'perPage', 'totalCount'])
			expect(value, c.resource).toMatchObject({ currentPage: 1, perPage: 25 })
			// The ledger writes two rows (one journal) per booking; every other list one.
			expect(value.totalCount, c.resource).toBe(c.resource === 'MoneyTransactions' ? 2 : 1)
			expect(JSON.stringify(value.items), c.resource).toContain(c.match)
			expect(JSON.stringify(value.items), c.resource).not.toContain(c.other)

			const bad = await callApi(loader, `Admin/${c.resource}`, 'Index', {
				token,
				query: `sortCriterias=${c.badSort}`,
				language: 'en',
			})
			expect(bad.status, c.resource).toBe(400)
			expect(bad.error?.name).toBe('ValidationError')
			expect(bad.error?.fields?.sortCriterias?.[0]).toMatch(/cannot be sorted by/)
			const page = await callApi(loader, `Admin/${c.resource}`, 'Index', { token, query: 'currentPage=0' })
			expect(page.status, c.resource).toBe(400)
		}
	})

	test('Export: a streamed CSV with the header and the filtered rows only', async () => {
		const cases = await seed()
		const { token } = await createLoggedInUser({ role: 'Admin' })
		for (const c of cases) {
			let text = ''
			const reading = async (args: never) => {
				const response = (await loader(args)) as Response
				text = await response.clone().text()
				return response
			}
			const csv = await callRoute(reading as never, {
				path: `/api/Admin/${c.resource}/Export?${c.query}`,
				headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-GB' },
				params: { endpoint: 'Export' },
			})
			expect(csv.status, c.resource).toBe(200)
			expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
			// The file names say what they hold, in the export's language (issue 34, ADR 0174).
			expect(csv.headers.get('Content-Disposition'), c.resource).toBe(
				`attachment; filename="${FILE_NAMES[c.resource]?.en}-${localDateOf(Date.now())}.csv"`,
			)
			const lines = text
				.replace(/^\uFEFF/, '')
				.trimEnd()
				.split('\r\n')
			expect(lines[0], c.resource).toContain(c.header)
			const rows = lines.slice(1)
			expect(rows.length, c.resource).toBe(c.resource === 'MoneyTransactions' ? 2 : 1)
			expect(rows.join('\n'), c.resource).toContain(c.match)
			expect(rows.join('\n'), c.resource).not.toContain(c.other)
		}
	})

	test('Export: Content-Disposition names the list in German (`lang=de`, or German Accept-Language) and English', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const today = localDateOf(Date.now())
		for (const [resource, names] of Object.entries(FILE_NAMES)) {
			for (const [lang, language] of [
				['de', 'de-DE'],
				['en', 'en-GB'],
			] as const) {
				for (const query of [`lang=${lang}`, '']) {
					const csv = await callRoute(loader as never, {
						path: `/api/Admin/${resource}/Export?${query}`,
						// With `lang` the other language's header must not win.
						headers: { Authorization: `Bearer ${token}`, 'Accept-Language': query ? 'xx' : language },
						params: { endpoint: 'Export' },
					})
					expect(csv.status, resource).toBe(200)
					expect(csv.headers.get('Content-Disposition'), `${resource} ${lang} ${query}`).toBe(
						`attachment; filename="${names[lang]}-${today}.csv"`,
					)
				}
			}
		}
	})

	test('TemplateTexts/Export: the platform defaults only, never a host own texts (issue 34)', async () => {
		const tag = Math.random().toString(36).slice(2, 8)
		const host = await createTestUser({ role: 'Owner' })
		getDb()
			.insert(templateTexts)
			.values([
				{ hostId: null, type: 'Reminder', locale: 'de', subject: `Plattform ${tag}`, body: 'Hallo' },
				{ hostId: host.id, type: 'Reminder', locale: 'de', subject: `Gastgeber ${tag}`, body: 'Hallo' },
			])
			.onConflictDoNothing()
			.run()
		const { token } = await createLoggedInUser({ role: 'Admin' })
		let text = ''
		const reading = async (args: never) => {
			const response = (await loader(args)) as Response
			text = await response.clone().text()
			return response
		}
		const csv = await callRoute(reading as never, {
			path: `/api/Admin/TemplateTexts/Export?tableFilter=${tag}&lang=de`,
			headers: { Authorization: `Bearer ${token}` },
			params: { endpoint: 'Export' },
		})
		expect(csv.status).toBe(200)
		expect(text).toContain('Art;Sprache;Betreff;Text;Geändert am (Europe/Berlin)')
		expect(text).not.toContain(`Gastgeber ${tag}`)
	})

	test('guests and hosts get 403 on every Index and Export; an unknown list is 404', async () => {
		for (const role of ['Customer', 'Owner'] as const) {
			const { token } = await createLoggedInUser({ role })
			for (const resource of [
				'Playrooms',
				'PlayroomRatings',
				'MoneyTransactions',
				'PaymentTransactions',
				'BackgroundTaskExecutions',
			]) {
				for (const endpoint of ['Index', 'Export']) {
					const result = await callApi(loader, `Admin/${resource}`, endpoint, { token })
					expect(result.status, `${role} ${resource} ${endpoint}`).toBe(403)
				}
			}
		}
		const { token } = await createLoggedInUser({ role: 'Admin' })
		expect((await callApi(loader, 'Admin/Widgets', 'Index', { token })).status).toBe(404)
	})
})

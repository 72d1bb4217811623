import { randomInt, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import { images, playroomPhotos, playrooms } from '#db/schema/catalogue.ts'
import { createId } from '#db/schema/columns.ts'
import { users } from '#db/schema/users.ts'
import { voucherOrders, vouchers, type VoucherScope } from '#db/schema/vouchers.ts'
import { generateVoucherCode, VOUCHER_CODE_ALPHABET } from '#app/domain/voucher-codes.ts'
import { giftVoucherValidUntil, isDeliveryDue } from '#app/domain/voucher-orders.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { voucherOrderAmount, type VoucherOrderFormValue } from '#app/schemas/voucher-orders.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	getDb,
	immediateTransaction,
	sqliteErrorCode,
	type DbOrTx,
	type Transaction,
} from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { hashVoucherCode, issueVoucher, type VoucherRow } from './voucher-ledger.server.ts'
import { imageFileOf, renderVoucherPdf } from './voucher-pdf.server.ts'
import { queueVoucherOrderEmail } from './voucher-order-emails.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import { isCardPaymentConfigured } from '#app/utils/stripe.server.ts'
import {
	codeBytes,
	hashToken,
	voucherOrderPdfPath,
	voucherOrderToken,
	voucherOrderUrl,
} from './voucher-order-links.server.ts'

/**
 * Gift voucher orders (issue 33, ADR 0168, docs/subsystems/vouchers.md): a family buys a gift
 * voucher for the platform, a host or a playroom; paid (the admin records the bank transfer with
 * the control transaction), it issues one Gift voucher (origin Purchase, paid: the sale is booked)
 * and e-mails the PDF — to the buyer at once, to the recipient on the send date.
 *
 * The secret link's token and the voucher's code are derived from the voucher order's id with a
 * server key (HMAC): the database holds only the token's hash and the code's hash, the server can
 * show the page, the PDF and the QR code again, and the e-mail on the send date can carry them.
 */
export type VoucherOrderRow = typeof voucherOrders.$inferSelect

/** The code of a paid voucher order's voucher, derived again; null when it does not match (see ADR 0168). */
export function voucherCodeOf(order: VoucherOrderRow, voucher: Pick<VoucherRow, 'codeHash'>): string | null {
	const code = generateVoucherCode(codeBytes(order.id))
	return hashVoucherCode(code.replaceAll('-', '')) === voucher.codeHash ? code : null
}

function newOrderCode(): string {
	let code = 'GV-'
	for (let i = 0; i < 6; i++) code += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)]
	return code
}

/** Card payment of a voucher order refused: Stripe is not configured (also a forged form post). */
export function voucherCardNotAvailable() {
	return new AppError(400, 'CardNotAvailable', {
		messageKey: 'vouchers:orders.errors.cardNotAvailable',
		fields: { paymentMethod: ['vouchers:orders.errors.cardNotAvailable'] },
	})
}

/** A fresh idempotency key for one render of the order form: the same submit twice is one order. */
export function newVoucherOrderKey(): string {
	return createId()
}

export type VoucherOrderBuyer = { id: string } | null

/** A published playroom the voucher can be for, or a 400 at the scope. */
function scopePlayroom(playroomId: string | undefined, db: DbOrTx) {
	if (!playroomId) return null
	const playroom = db
		.select({ id: playrooms.id, hostId: playrooms.hostId, name: playrooms.name, status: playrooms.status })
		.from(playrooms)
		.where(eq(playrooms.id, playroomId))
		.get()
	if (!playroom || playroom.status !== 'Published') {
		throw new AppError(400, 'PlayroomUnavailable', {
			messageKey: 'vouchers:orders.errors.playroomUnavailable',
			fields: { scope: ['vouchers:orders.errors.playroomUnavailable'] },
		})
	}
	return playroom
}

/**
 * Creates a voucher order awaiting payment by bank transfer and e-mails the buyer the secret link
 * and the bank details — in one IMMEDIATE transaction. The form's idempotency key makes a double
 * click or a retry one voucher order (the first one is returned).
 */
export function createVoucherOrder(
	input: Omit<VoucherOrderFormValue, 'paymentMethod'> & Partial<Pick<VoucherOrderFormValue, 'paymentMethod'>>,
	buyer: VoucherOrderBuyer,
	options: { now?: number } = {},
): { voucherOrder: VoucherOrderRow; created: boolean; emailIds: string[] } {
	const now = new Date(options.now ?? Date.now())
	const amount = voucherOrderAmount(input)
	if (amount === null) {
		throw new AppError(400, 'InvalidAmount', {
			messageKey: 'vouchers:orders.errors.amount',
			fields: { otherAmount: ['vouchers:orders.errors.amount?min=10&max=500'] },
		})
	}
	const paymentMethod = input.paymentMethod ?? 'BankTransfer'
	// Card only when Stripe is configured (ADR 0172): a forged post is refused, nothing is stored.
	if (paymentMethod === 'Card' && !isCardPaymentConfigured()) throw voucherCardNotAvailable()
	return immediateTransaction((tx) => {
		const earlier = tx
			.select()
			.from(voucherOrders)
			.where(eq(voucherOrders.idempotencyKey, input.idempotencyKey))
			.get()
		if (earlier) {
			if (earlier.buyerEmail !== input.buyerEmail || earlier.amount !== amount) {
				throw new AppError(409, 'IdempotencyKeyReused', { messageKey: 'vouchers:orders.errors.keyReused' })
			}
			return { voucherOrder: earlier, created: false, emailIds: [] }
		}
		const playroom = input.scope === 'All' ? null : scopePlayroom(input.playroomId, tx)
		const scope: VoucherScope = playroom ? input.scope : 'All'
		const id = createId()
		for (let attempt = 0; ; attempt++) {
			try {
				const voucherOrder = tx
					.insert(voucherOrders)
					.values({
						id,
						code: newOrderCode(),
						tokenHash: hashToken(voucherOrderToken(id)),
						buyerUserId: buyer?.id ?? null,
						buyerEmail: input.buyerEmail,
						buyerName: input.buyerName,
						amount,
						scope,
						scopeHostId: playroom?.hostId ?? null,
						scopePlayroomId: scope === 'Playroom' ? (playroom?.id ?? null) : null,
						childName: input.childName,
						greeting: input.greeting ?? '',
						recipientEmail: input.recipientEmail ?? null,
						sendDate: input.sendDate ?? null,
						language: input.language,
						paymentMethod,
						idempotencyKey: input.idempotencyKey,
						createdAt: now,
						updatedAt: now,
					})
					.returning()
					.get()
				// A card buyer goes to Stripe now; the paid e-mail brings the link (no bank details to send).
				if (paymentMethod === 'Card') return { voucherOrder, created: true, emailIds: [] }
				const emailId = queueVoucherOrderEmail(tx, 'created', voucherOrder, {})
				return { voucherOrder, created: true, emailIds: [emailId] }
			} catch (error) {
				// Another voucher order has this GV code (one in 887 million): draw another.
				if (sqliteErrorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE' && attempt < 3) continue
				throw error
			}
		}
	})
}

/**
 * The voucher order a secret link names: the id and the right token (compared in constant time),
 * else a 404 — the same for an unknown id, a missing and a wrong token.
 */
export function findVoucherOrderByLink(
	voucherOrderId: string,
	token: string | null | undefined,
	db: DbOrTx = getDb(),
) {
	const order = db.select().from(voucherOrders).where(eq(voucherOrders.id, voucherOrderId)).get()
	const given = Buffer.from(hashToken(token ?? ''), 'hex')
	const stored = Buffer.from(order?.tokenHash ?? '0'.repeat(64), 'hex')
	const matches = given.length === stored.length && timingSafeEqual(given, stored)
	if (!order || !token || !matches) throw new AppError(404, 'NotFound')
	return order
}

/** Scope, playroom and voucher of a voucher order, as the page, the PDF and the e-mails show them. */
export function voucherOrderDetails(order: VoucherOrderRow, db: DbOrTx = getDb()) {
	const playroom = order.scopePlayroomId
		? (db
				.select({ id: playrooms.id, name: playrooms.name, playroomUrlPath: playrooms.playroomUrlPath })
				.from(playrooms)
				.where(eq(playrooms.id, order.scopePlayroomId))
				.get() ?? null)
		: null
	const host = order.scopeHostId
		? (db
				.select({ displayName: users.displayName })
				.from(users)
				.where(eq(users.id, order.scopeHostId))
				.get() ?? null)
		: null
	const voucher = order.voucherId
		? (db.select().from(vouchers).where(eq(vouchers.id, order.voucherId)).get() ?? null)
		: null
	return { playroom, host, voucher }
}

/** "every playroom" / "every playroom of host X" / "the playroom Y", in the given language. */
export function voucherScopeText(
	order: VoucherOrderRow,
	details: ReturnType<typeof voucherOrderDetails>,
	locale: Locale,
	voucher: Pick<VoucherRow, 'scope'> | null = details.voucher,
) {
	const t = looseT(getFixedT(locale))
	const scope = voucher?.scope ?? order.scope
	if (scope === 'Playroom' && details.playroom)
		return t('vouchers:orders.scopeText.Playroom', { name: details.playroom.name })
	if (scope === 'Host' && details.host)
		return t('vouchers:orders.scopeText.Host', { name: details.host.displayName })
	return t('vouchers:orders.scopeText.All')
}

function photoFileOf(playroomId: string | null, db: DbOrTx): string | null {
	if (!playroomId) return null
	const photo = db
		.select({ variants: images.variants })
		.from(playroomPhotos)
		.innerJoin(images, eq(images.id, playroomPhotos.imageId))
		.where(eq(playroomPhotos.playroomId, playroomId))
		.orderBy(asc(playroomPhotos.position))
		.get()
	return photo ? imageFileOf(photo.variants) : null
}

/** The PDF of a paid voucher order (A4 or the A6 card), or null while it is not paid. */
export function voucherOrderPdf(
	order: VoucherOrderRow,
	format: 'a4' | 'a6',
	db: DbOrTx = getDb(),
): Buffer | null {
	const details = voucherOrderDetails(order, db)
	const voucher = details.voucher
	if (!voucher) return null
	const code = voucherCodeOf(order, voucher)
	if (!code || !voucher.validUntil) return null
	return renderVoucherPdf({
		format,
		language: order.language,
		amount: voucher.initialAmount,
		code,
		validUntil: voucher.validUntil,
		childName: order.childName,
		greeting: order.greeting,
		scopeText: voucherScopeText(order, details, order.language),
		pageUrl: voucherOrderUrl(order),
		photoPath: voucher.scope === 'Playroom' ? photoFileOf(voucher.scopePlayroomId, db) : null,
	})
}

export function voucherPdfFilename(order: Pick<VoucherOrderRow, 'code'>, format: 'a4' | 'a6') {
	return `${order.code}-${format}.pdf`
}

/** The first voucher order a `GV-XXXXXX` in a bank transfer's reference names. */
export function voucherOrderCodesIn(reference: string): string[] {
	const compact = reference.toUpperCase().replace(/[\s\-–—_.]/g, '')
	const codes: string[] = []
	for (const match of compact.matchAll(/(?=GV([A-Z0-9]{6}))/g)) {
		const code = `GV-${match[1]}`
		if (!codes.includes(code)) codes.push(code)
	}
	return codes
}

export function matchVoucherOrder(reference: string, db: DbOrTx = getDb()): VoucherOrderRow | undefined {
	for (const code of voucherOrderCodesIn(reference)) {
		const order = db.select().from(voucherOrders).where(eq(voucherOrders.code, code)).get()
		if (order) return order
	}
	return undefined
}

/**
 * Marks a voucher order paid and issues its gift voucher (origin Purchase, paid: the sale is
 * booked; valid to the end of the third year after the purchase) — inside the caller's IMMEDIATE
 * transaction, guarded on the status, so paying twice issues one voucher. Queues the buyer's
 * e-mail with the PDF, and the recipient's when no later send date is set.
 */
export function payVoucherOrder(
	tx: Transaction,
	order: VoucherOrderRow,
	options: { now: Date; actorId?: string | null },
): { voucherOrder: VoucherOrderRow; voucher: VoucherRow; emailIds: string[] } {
	const current = tx.select().from(voucherOrders).where(eq(voucherOrders.id, order.id)).get()
	if (!current) throw new AppError(404, 'NotFound')
	if (current.status !== 'AwaitingPayment') {
		throw new AppError(409, 'VoucherOrderNotAwaitingPayment', {
			messageKey: 'vouchers:orders.errors.notAwaitingPayment',
			params: { code: current.code },
		})
	}
	const { voucher } = issueVoucher(
		{
			kind: 'Gift',
			issuer: 'Platform',
			scope: current.scope,
			scopeHostId: current.scopeHostId,
			scopePlayroomId: current.scopePlayroomId,
			amount: current.amount,
			validUntil: giftVoucherValidUntil(options.now.getTime()),
			origin: 'Purchase',
			holderUserId: current.buyerUserId,
			createdById: options.actorId ?? null,
			paid: true,
			now: options.now,
		},
		tx,
		codeBytes(current.id),
	)
	const paid = tx
		.update(voucherOrders)
		.set({ status: 'Paid', voucherId: voucher.id, paidAt: options.now, updatedAt: options.now })
		.where(and(eq(voucherOrders.id, current.id), eq(voucherOrders.status, 'AwaitingPayment')))
		.returning()
		.get()
	if (!paid) throw new Error('voucher order changed inside the transaction')
	const emailIds = [queueVoucherOrderEmail(tx, 'paid', paid, { pdf: voucherOrderPdf(paid, 'a4', tx) })]
	const delivered = deliverToRecipient(tx, paid, options.now)
	if (delivered) emailIds.push(delivered)
	return { voucherOrder: paid, voucher, emailIds }
}

/**
 * The recipient's e-mail with the PDF, once: claimed by setting deliveredToRecipientAt with a
 * guard in the caller's IMMEDIATE transaction. Null when there is no recipient, the send date is
 * still ahead, or it went out already.
 */
function deliverToRecipient(tx: Transaction, order: VoucherOrderRow, now: Date): string | null {
	if (!order.recipientEmail || order.status !== 'Paid' || !isDeliveryDue(order.sendDate, now.getTime()))
		return null
	const claimed = tx
		.update(voucherOrders)
		.set({ deliveredToRecipientAt: now, updatedAt: now })
		.where(and(eq(voucherOrders.id, order.id), isNull(voucherOrders.deliveredToRecipientAt)))
		.returning()
		.get()
	if (!claimed) return null
	return queueVoucherOrderEmail(tx, 'recipient', claimed, { pdf: voucherOrderPdf(claimed, 'a4', tx) })
}

/**
 * The voucher-delivery task's work: every paid voucher order whose send date has come (from the
 * morning on, Europe/Berlin) and whose recipient has not had it yet, each in its own IMMEDIATE
 * transaction. Returns the queued e-mails' ids.
 */
export function deliverDueVoucherOrders(now: Date): string[] {
	const candidates = getDb()
		.select({ id: voucherOrders.id })
		.from(voucherOrders)
		.where(
			and(
				eq(voucherOrders.status, 'Paid'),
				isNotNull(voucherOrders.recipientEmail),
				isNull(voucherOrders.deliveredToRecipientAt),
				lte(voucherOrders.sendDate, localDateOf(now.getTime())),
			),
		)
		.limit(200)
		.all()
	const sent: string[] = []
	for (const { id } of candidates) {
		const emailId = immediateTransaction((tx) => {
			const order = tx.select().from(voucherOrders).where(eq(voucherOrders.id, id)).get()
			return order ? deliverToRecipient(tx, order, now) : null
		})
		if (emailId) sent.push(emailId)
	}
	return sent
}

/** What the order form starts with: the playroom it is for (published only) and the logged-in buyer. */
export function voucherOrderFormContext(
	playroomId: string | null,
	userId: string | null,
	db: DbOrTx = getDb(),
) {
	const playroom = playroomId
		? (db
				.select({
					id: playrooms.id,
					name: playrooms.name,
					status: playrooms.status,
					hostName: users.displayName,
				})
				.from(playrooms)
				.innerJoin(users, eq(users.id, playrooms.hostId))
				.where(eq(playrooms.id, playroomId))
				.get() ?? null)
		: null
	const buyer = userId
		? (db
				.select({
					email: users.email,
					firstName: users.firstName,
					lastName: users.lastName,
					displayName: users.displayName,
				})
				.from(users)
				.where(eq(users.id, userId))
				.get() ?? null)
		: null
	return {
		playroom:
			playroom?.status === 'Published'
				? { id: playroom.id, name: playroom.name, hostName: playroom.hostName }
				: null,
		buyer: buyer
			? {
					email: buyer.email,
					name: [buyer.firstName, buyer.lastName].filter(Boolean).join(' ') || buyer.displayName,
				}
			: null,
	}
}

/** The secret link's page: status, bank details while unpaid, the voucher once paid. */
export function voucherOrderView(order: VoucherOrderRow, locale: Locale, db: DbOrTx = getDb()) {
	const details = voucherOrderDetails(order, db)
	const voucher = details.voucher
	const code = voucher ? voucherCodeOf(order, voucher) : null
	return {
		id: order.id,
		code: order.code,
		status: order.status,
		amount: order.amount,
		childName: order.childName,
		greeting: order.greeting,
		recipientEmail: order.recipientEmail,
		sendDate: order.sendDate,
		deliveredToRecipientAt: order.deliveredToRecipientAt?.getTime() ?? null,
		scopeText: voucherScopeText(order, details, locale),
		paymentMethod: order.paymentMethod,
		bankDetails:
			order.status === 'AwaitingPayment' && order.paymentMethod === 'BankTransfer'
				? getSetting('bankDetails', db)
				: null,
		// Card (ADR 0172): while unpaid the page offers to open a Checkout Session (again).
		cardPayable:
			order.status === 'AwaitingPayment' && order.paymentMethod === 'Card' && isCardPaymentConfigured(),
		voucher:
			voucher && order.status === 'Paid'
				? {
						code,
						last4: voucher.codeLast4,
						balance: voucher.balance,
						validUntil: voucher.validUntil?.getTime() ?? null,
						status: voucher.status,
						// Its host left: it became credit for every playroom (ADR 0172).
						convertedToPlatformAt: voucher.convertedToPlatformAt?.getTime() ?? null,
						pdfA4: voucherOrderPdfPath(order, 'a4'),
						pdfA6: voucherOrderPdfPath(order, 'a6'),
						// Booking with it: the playroom (scope Playroom) or the search, the code kept for checkout.
						bookPath:
							voucher.scope === 'Playroom' && details.playroom
								? `/playrooms/${details.playroom.playroomUrlPath}`
								: '/playrooms/search',
					}
				: null,
	}
}

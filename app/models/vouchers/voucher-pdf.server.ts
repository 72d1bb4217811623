import { existsSync } from 'node:fs'
import path from 'node:path'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { getEnv } from '#app/utils/env.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'

/**
 * The gift voucher as a PDF (issue 33, ADR 0168) with pdfkit: amount, code, validity, the
 * child's name and greeting, where it can be used, the playroom's photo when it is for one, and a
 * QR code that opens the voucher's page. Two formats: A4 (print at home) and a foldable A6 card
 * (an A5 landscape sheet folded once: the outside carries the front and the QR code, the inside
 * the greeting and the code). German or English, as the voucher order says.
 *
 * Generated in process and synchronously (pdfkit buffers the document; a voucher is 20–200 kB and
 * takes a few milliseconds, a photo included), so the e-mail with the PDF can be queued in the
 * same IMMEDIATE transaction that issues the voucher. The QR code is drawn as vector squares from
 * the same matrix `voucherQrMatrix` returns — the tests decode that matrix.
 */
export type VoucherPdfInput = {
	format: 'a4' | 'a6'
	language: Locale
	amount: number
	code: string
	validUntil: Date
	childName: string
	greeting: string
	/** "every playroom", "all playrooms of …", "the playroom …" in the voucher's language. */
	scopeText: string
	/** The voucher page, with the secret link's token. */
	pageUrl: string
	/** A JPEG or PNG file of the playroom's photo, or null. */
	photoPath: string | null
}

/** The QR code's modules for a URL: `size` × `size`, dark where `isDark(x, y)`. */
export function voucherQrMatrix(url: string): { size: number; isDark: (x: number, y: number) => boolean } {
	const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
	return { size: modules.size, isDark: (x, y) => Boolean(modules.get(y, x)) }
}

const INK = '#1d1d1f'
const MUTED = '#6e6e73'
const ACCENT = '#c2410c'

function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, width: number) {
	const matrix = voucherQrMatrix(url)
	const quiet = 2
	const cell = width / (matrix.size + quiet * 2)
	doc.save().rect(x, y, width, width).fill('#ffffff')
	for (let row = 0; row < matrix.size; row++) {
		for (let col = 0; col < matrix.size; col++) {
			if (matrix.isDark(col, row)) {
				doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05)
			}
		}
	}
	doc.fill('#000000').restore()
}

function drawPhoto(
	doc: PDFKit.PDFDocument,
	photoPath: string | null,
	x: number,
	y: number,
	w: number,
	h: number,
) {
	if (!photoPath) return false
	try {
		doc.image(photoPath, x, y, { cover: [w, h], align: 'center', valign: 'center' })
		return true
	} catch {
		// A missing or unreadable file: the voucher goes out without the photo.
		return false
	}
}

export function renderVoucherPdf(input: VoucherPdfInput): Buffer {
	const t = looseT(getFixedT(input.language))
	const amount = formatAmount(input.amount, input.language)
	const validUntil = formatDate(input.validUntil, input.language)
	const doc = new PDFDocument({
		size: input.format === 'a4' ? 'A4' : 'A5',
		layout: input.format === 'a4' ? 'portrait' : 'landscape',
		margin: 0,
		info: { Title: t('vouchers:orders.pdf.title'), Author: t('common:appName') },
	})
	const text = {
		title: t('vouchers:orders.pdf.title'),
		for: input.childName ? t('vouchers:orders.pdf.forChild', { name: input.childName }) : '',
		code: t('vouchers:orders.pdf.code'),
		validUntil: t('vouchers:orders.pdf.validUntil', { date: validUntil }),
		scope: input.scopeText,
		scan: t('vouchers:orders.pdf.scan'),
		hostLeaves: t('vouchers:orders.hostLeaves'),
	}
	if (input.format === 'a4') {
		const W = 595.28
		const M = 56
		let y = M
		doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(14).text(t('common:appName'), M, y)
		y += 40
		if (drawPhoto(doc, input.photoPath, M, y, W - 2 * M, 220)) y += 236
		doc
			.fillColor(INK)
			.font('Helvetica-Bold')
			.fontSize(30)
			.text(text.title, M, y, { width: W - 2 * M })
		y = doc.y + 8
		doc
			.fillColor(ACCENT)
			.fontSize(44)
			.text(amount, M, y, { width: W - 2 * M })
		y = doc.y + 8
		if (text.for) {
			doc
				.fillColor(INK)
				.font('Helvetica')
				.fontSize(18)
				.text(text.for, M, y, { width: W - 2 * M })
			y = doc.y + 8
		}
		if (input.greeting) {
			doc
				.font('Helvetica-Oblique')
				.fontSize(13)
				.text(input.greeting, M, y, { width: W - 2 * M })
			y = doc.y + 12
		}
		doc
			.font('Helvetica')
			.fontSize(12)
			.fillColor(MUTED)
			.text(text.scope, M, y, { width: W - 2 * M })
		y = Math.max(doc.y + 24, 560)
		const qr = 150
		drawQr(doc, input.pageUrl, W - M - qr, y, qr)
		doc.fillColor(MUTED).font('Helvetica').fontSize(11).text(text.code, M, y)
		doc
			.fillColor(INK)
			.font('Courier-Bold')
			.fontSize(24)
			.text(input.code, M, doc.y + 4)
		doc
			.font('Helvetica')
			.fontSize(12)
			.text(text.validUntil, M, doc.y + 10, { width: W - 2 * M - qr - 16 })
		doc
			.fillColor(MUTED)
			.fontSize(10)
			.text(text.scan, M, doc.y + 10, { width: W - 2 * M - qr - 16 })
		doc.fontSize(8).text(text.hostLeaves, M, 790, { width: W - 2 * M })
	} else {
		// A5 landscape, folded in the middle: the right half is the front, the left half the back.
		const H = 419.53
		const half = 595.28 / 2
		const M = 28
		const inner = half - 2 * M
		// Outside, front (right half).
		let y = M
		if (drawPhoto(doc, input.photoPath, half + M, y, inner, 150)) y += 162
		doc
			.fillColor(INK)
			.font('Helvetica-Bold')
			.fontSize(22)
			.text(text.title, half + M, y, { width: inner })
		doc
			.fillColor(ACCENT)
			.fontSize(34)
			.text(amount, half + M, doc.y + 6, { width: inner })
		if (text.for)
			doc
				.fillColor(INK)
				.font('Helvetica')
				.fontSize(14)
				.text(text.for, half + M, doc.y + 6, { width: inner })
		// Outside, back (left half): QR code, where it can be used, the fine print.
		const qr = 130
		drawQr(doc, input.pageUrl, (half - qr) / 2, M + 20, qr)
		doc
			.fillColor(MUTED)
			.font('Helvetica')
			.fontSize(9)
			.text(text.scan, M, M + qr + 30, { width: inner, align: 'center' })
		doc.text(text.scope, M, doc.y + 8, { width: inner, align: 'center' })
		doc.fontSize(7).text(text.hostLeaves, M, H - M - 30, { width: inner, align: 'center' })
		doc
			.save()
			.moveTo(half, 0)
			.lineTo(half, 8)
			.moveTo(half, H - 8)
			.lineTo(half, H)
			.stroke(MUTED)
			.restore()
		// Inside: the greeting on the left, the code and validity on the right.
		doc.addPage({ size: 'A5', layout: 'landscape', margin: 0 })
		doc
			.fillColor(INK)
			.font('Helvetica-Oblique')
			.fontSize(14)
			.text(input.greeting || text.for, M, M + 40, { width: inner })
		doc
			.fillColor(MUTED)
			.font('Helvetica')
			.fontSize(10)
			.text(text.code, half + M, M + 40)
		doc
			.fillColor(INK)
			.font('Courier-Bold')
			.fontSize(20)
			.text(input.code, half + M, doc.y + 4)
		doc
			.font('Helvetica')
			.fontSize(11)
			.text(text.validUntil, half + M, doc.y + 10, { width: inner })
		doc
			.fillColor(ACCENT)
			.font('Helvetica-Bold')
			.fontSize(16)
			.text(amount, half + M, doc.y + 10, { width: inner })
	}
	doc.end()
	const chunks: Buffer[] = []
	for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) {
		chunks.push(chunk)
	}
	return Buffer.concat(chunks)
}

/** The file of a stored image's JPEG variant (pdfkit reads JPEG and PNG, not WebP), or null. */
export function imageFileOf(
	variants: readonly { url: string; format: string; width: number }[],
): string | null {
	const jpeg = variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width)[0]
	if (!jpeg) return null
	const file = path.join(getEnv().UPLOADS_DIR, jpeg.url.replace(/^\/uploads\//, ''))
	return existsSync(file) ? file : null
}

import QRCode from 'qrcode'
import { findVisiblePlayroom } from '#app/models/catalogue/playrooms.server.ts'
import { qrCodeParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { localizePath } from '#app/utils/locale.ts'

/**
 * GET /api/Public/Playrooms/GetQrCode?playroomId|playroomUrlPath[&format=png|svg][&size=256][&lang=de|en]
 * — a QR code of the playroom's page in `lang` or else the request's language (an image, not the envelope;
 * errors still come as envelopes).
 */
export const loader = apiHandler(async ({ url, context, locale }) => {
	const { format, size, lang, ...ref } = parseQuery(qrCodeParamsSchema, url)
	const playroom = findVisiblePlayroom(ref, getCaller(context))
	const target = `${getEnv().PUBLIC_URL}${localizePath(`/playrooms/${playroom.playroomUrlPath}`, lang ?? locale)}`
	const headers = { 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' }
	if (format === 'svg') {
		const svg = await QRCode.toString(target, {
			type: 'svg',
			width: size,
			margin: 1,
			errorCorrectionLevel: 'M',
		})
		return new Response(svg, { headers: { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' } })
	}
	const png = await QRCode.toBuffer(target, {
		type: 'png',
		width: size,
		margin: 1,
		errorCorrectionLevel: 'M',
	})
	return new Response(new Uint8Array(png), { headers: { ...headers, 'Content-Type': 'image/png' } })
})
export const action = apiHandler(methodNotAllowed)

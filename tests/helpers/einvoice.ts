import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import SaxonJS from 'saxon-js'
import { validateXML } from 'xmllint-wasm'
import { sharedFile } from './shared-dir.ts'

/**
 * The e-invoice checks of the invoice tests (ADR 0179): the official CII D16B schema and the EN 16931
 * business rules from `../shared/einvoice/` beside the checkout (CI has it there; `SHARED_DIR` points
 * elsewhere for a clone that is not beside it). Nothing is copied into the repository.
 *
 * The rules are an XSLT 2.0 stylesheet: compiled once by xslt3 to a SEF file (≈ 12 s), cached under
 * node_modules/.cache/spielzimmer/ keyed by the stylesheet's SHA-256, then run with saxon-js.
 */
const CII = path.dirname(sharedFile('einvoice/en16931-cii/EN16931-CII-validation.xslt'))
const XSLT = path.join(CII, 'EN16931-CII-validation.xslt')
const XSD = path.join(CII, 'xsd')

function compiledRules(): string {
	const hash = createHash('sha256').update(fs.readFileSync(XSLT)).digest('hex').slice(0, 16)
	const cache = path.resolve('node_modules/.cache/spielzimmer')
	const sef = path.join(cache, `en16931-cii-${hash}.sef.json`)
	if (!fs.existsSync(sef)) {
		fs.mkdirSync(cache, { recursive: true })
		const partial = `${sef}.${process.pid}.tmp`
		execFileSync(path.resolve('node_modules/.bin/xslt3'), [`-xsl:${XSLT}`, `-export:${partial}`, '-nogo'])
		fs.renameSync(partial, sef)
	}
	return sef
}

export type RuleFailure = { id: string; text: string }

/** The fatal EN 16931 rule failures of a CII document (empty: it passes). */
export function en16931Failures(xml: string): RuleFailure[] {
	const result = SaxonJS.transform(
		{ stylesheetFileName: compiledRules(), sourceText: xml, destination: 'serialized' },
		'sync',
	)
	const failures: RuleFailure[] = []
	const pattern = /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g
	for (const match of result.principalResult.matchAll(pattern)) {
		const attributes = match[1] ?? ''
		if (!/flag="fatal"/.test(attributes)) continue
		const id = /id="([^"]*)"/.exec(attributes)?.[1] ?? '?'
		const text = (match[2] ?? '')
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim()
		failures.push({ id, text })
	}
	return failures
}

/** Schema errors of a CII document against the CII D16B XSD (empty: valid). */
export async function ciiSchemaErrors(xml: string): Promise<string[]> {
	const read = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(XSD, name), 'utf8') })
	const result = await validateXML({
		xml: [{ fileName: 'invoice.xml', contents: xml }],
		schema: [read('CrossIndustryInvoice_100pD16B.xsd')],
		preload: [
			read('CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd'),
			read('CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd'),
			read('CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd'),
		],
	})
	return result.valid ? [] : result.errors.map((error) => error.rawMessage)
}

/**
 * A PDF's streams, inflated where they are Flate-compressed (pdfkit compresses page content and
 * embedded files), as latin1 text: enough to find the page's text operators and the attached XML.
 */
export function pdfStreams(pdf: Buffer): string[] {
	const text = pdf.toString('latin1')
	const streams: string[] = []
	const pattern = /<<([\s\S]*?)>>\s*stream\r?\n/g
	for (const match of text.matchAll(pattern)) {
		const start = (match.index ?? 0) + match[0].length
		const end = text.indexOf('endstream', start)
		const raw = pdf.subarray(start, end)
		if (/\/Filter\s*\/FlateDecode/.test(match[1] ?? '')) {
			try {
				streams.push(inflateSync(raw).toString('latin1'))
			} catch {
				streams.push('')
			}
		} else streams.push(raw.toString('latin1'))
	}
	return streams
}

/**
 * The text a pdfkit PDF shows, once per embedded font: pdfkit writes text as glyph codes of a font
 * subset, and each subset's ToUnicode CMap (`<start> <end> [<unicode> …]` ranges) maps them back. Each
 * TJ array is decoded with each font's map; a string is on the page if one decoding contains it.
 */
export function pdfText(pdf: Buffer): string {
	const streams = pdfStreams(pdf)
	const maps: Map<number, string>[] = []
	for (const stream of streams) {
		if (!stream.includes('beginbfrange')) continue
		const map = new Map<number, string>()
		for (const range of stream.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
			const start = parseInt(range[1] ?? '0', 16)
			const values = [...(range[3] ?? '').matchAll(/<([0-9a-f ]+)>/gi)]
			values.forEach((value, i) => {
				const units = (value[1] ?? '').split(' ').map((hex) => parseInt(hex, 16))
				map.set(start + i, String.fromCharCode(...units))
			})
		}
		maps.push(map)
	}
	const arrays = streams.flatMap((stream) => [...stream.matchAll(/\[([^\]]*)\]\s*TJ/g)])
	const decoded: string[] = []
	for (const map of maps) {
		for (const array of arrays) {
			const hex = [...(array[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1] ?? '').join('')
			let line = ''
			for (let i = 0; i + 4 <= hex.length; i += 4)
				line += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD'
			decoded.push(line)
		}
	}
	// A no-break space shares the space's glyph: the map gives it back as a space.
	return decoded.join('\n')
}

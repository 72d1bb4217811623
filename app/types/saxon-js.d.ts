/** saxon-js (dev dependency) ships no types; the invoice tests run the EN 16931 rules with it (ADR 0179). */
declare module 'saxon-js' {
	const SaxonJS: {
		transform(
			options: { stylesheetFileName: string; sourceText: string; destination: 'serialized' },
			mode: 'sync',
		): { principalResult: string }
	}
	export default SaxonJS
}

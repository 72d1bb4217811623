import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PRODUCTION_NODE_FLAGS } from './node-flags.ts'

describe('the production server’s Node flags (ADR 0131)', () => {
	it('are the flags npm start runs the server with', () => {
		const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
		const startCommand = packageJson.scripts.start.split(/\s+/)
		expect(startCommand[0]).toBe('node')
		for (const flag of PRODUCTION_NODE_FLAGS) expect(startCommand).toContain(flag)
	})
})

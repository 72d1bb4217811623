import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'sqlite',
	schema: './db/schema/index.ts',
	out: './db/migrations',
	dbCredentials: { url: process.env.DATABASE_PATH ?? './data/spielzimmer.db' },
	strict: true,
	verbose: true,
})

import fs from 'node:fs'

/** Removes the temporary e2e database after the run (the server created and seeded it). */
export default function globalSetup() {
	const database = process.env.E2E_DATABASE
	return () => {
		if (!database) return
		for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true })
	}
}

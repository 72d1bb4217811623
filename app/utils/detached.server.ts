import { getLogger } from './logger.server.ts'

/**
 * Work a request starts but does not wait for (issue 10 defect 8): the answer
 * of forgotPassword / ResendConfirmation must not depend on whether the address
 * has an account, so the lookup, the token and the e-mail happen after the
 * answer, on the next turn of the event loop. A failure is logged, never
 * thrown. If the process dies in between, the e-mail is not sent and the user
 * asks again — the same as a lost e-mail.
 */
const pending = new Set<Promise<void>>()

export function runDetached(name: string, job: () => unknown): void {
	const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
		.then(job)
		.then(
			() => undefined,
			(error: unknown) => getLogger().error({ err: error, job: name }, 'detached job failed'),
		)
		.finally(() => pending.delete(run))
	pending.add(run)
}

/** Waits until every detached job has finished (tests; graceful shutdown). */
export async function settleDetached(): Promise<void> {
	while (pending.size > 0) await Promise.all([...pending])
}

import { findUserByEmail } from '#app/models/accounts/account.server.ts'
import { convertHost, hostPlayrooms } from '#app/models/admin/host-transfer.server.ts'
import { hostTransferFormSchema } from '#app/schemas/admin-entities.ts'
import { AppError } from '#app/utils/app-error.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import type { LooseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The "move playrooms to another host" form of /admin/hosts/:hostUserId
 * (ADR 0099), without JavaScript: the first submit checks the input and
 * answers with a review (what moves where); the second, with `confirmed`,
 * moves the playrooms and their future orders in one transaction.
 */
export type HostTransferReview = {
	intent: 'hostTransfer'
	review: {
		target: { id: string; displayName: string; email: string }
		playrooms: { id: string; name: string }[]
		withOrders: boolean
	}
}

export async function hostTransferAction(
	form: FormData,
	context: { admin: { id: string; role: string }; sourceUserId: string; here: string; t: LooseT },
) {
	const submission = parseFormSubmission(form, { schema: hostTransferFormSchema })
	if (submission.status !== 'success') return invalidForm('hostTransfer', submission)
	const { targetEmail, playroomIds = [], withOrders = false, confirmed = false } = submission.value
	try {
		const target = findUserByEmail(targetEmail)
		if (!target || target.role !== 'Owner' || target.deletedAt) {
			throw new AppError(400, 'ValidationError', { messageKey: 'adminAudit:transfer.errors.targetNotHost' })
		}
		if (target.id === context.sourceUserId) {
			throw new AppError(400, 'ValidationError', { messageKey: 'adminAudit:transfer.errors.sameHost' })
		}
		const owned = hostPlayrooms(context.sourceUserId)
		const chosen = owned.filter((room) => playroomIds.includes(room.id))
		if (chosen.length === 0 || chosen.length !== new Set(playroomIds).size) {
			const key = chosen.length === 0 ? 'noPlayrooms' : 'playroomNotOwned'
			throw new AppError(400, 'ValidationError', { messageKey: `adminAudit:transfer.errors.${key}` })
		}
		if (!confirmed) {
			return {
				intent: 'hostTransfer',
				review: {
					target: { id: target.id, displayName: target.displayName, email: target.email },
					playrooms: chosen.map((room) => ({ id: room.id, name: room.name })),
					withOrders,
				},
			} satisfies HostTransferReview
		}
		const input = {
			sourceUserId: context.sourceUserId,
			targetUserId: target.id,
			playroomIds: chosen.map((room) => room.id),
		}
		const moved = convertHost(context.admin, input, { withOrders })
		return redirectWithToast(context.here, {
			type: 'success',
			description: context.t('adminAudit:transfer.done', {
				count: moved.playroomIds.length,
				orders: moved.orderIds.length,
			}),
		})
	} catch (error) {
		return failedForm('hostTransfer', submission, error)
	}
}

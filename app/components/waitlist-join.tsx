import type { LooseT } from '#app/utils/loose-t.ts'

export type WaitlistJoinView = {
	playroomId: string
	bookingType: string
	redirectTo: string
	starts: { value: string; label: string }[]
}

/**
 * The playroom page's "join the waitlist" form for the taken starts of the
 * chosen date (docs/subsystems/waitlist.md). A plain POST form, rendered on
 * the server into the booking panel: it works without JavaScript, and a
 * visitor who is not logged in is sent to the login with the reason.
 */
export function WaitlistJoin({ waitlist, t }: { waitlist: WaitlistJoinView; t: LooseT }) {
	return (
		<form
			method="post"
			action="/resources/waitlist"
			className="flex flex-col gap-2 border-t border-line pt-3"
			data-testid="waitlist-join"
		>
			<h3 className="font-semibold">{t('waitlist:join.title')}</h3>
			<p className="text-sm text-ink-muted">{t('waitlist:join.intro')}</p>
			<input type="hidden" name="intent" value="join" />
			<input type="hidden" name="playroomId" value={waitlist.playroomId} />
			<input type="hidden" name="bookingType" value={waitlist.bookingType} />
			<input type="hidden" name="redirectTo" value={waitlist.redirectTo} />
			<label className="flex flex-col gap-1 text-sm">
				<span>{t('waitlist:join.start')}</span>
				<select
					name="startsAt"
					required
					className="rounded-lg border border-line bg-surface px-3 py-2 text-base"
				>
					{waitlist.starts.map((s) => (
						<option key={s.value} value={s.value}>
							{s.label}
						</option>
					))}
				</select>
			</label>
			<button type="submit" className="btn-secondary self-start">
				{t('waitlist:join.submit')}
			</button>
			<p className="text-xs text-ink-muted">{t('waitlist:join.loginHint')}</p>
		</form>
	)
}

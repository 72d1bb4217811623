import { renderToStaticMarkup } from 'react-dom/server'
import type { PlayroomPageData } from '#app/models/catalogue/playroom-page.server.ts'
import type { BookingView, PlayroomInfoView } from '#app/models/catalogue/playroom-view.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import type { LooseT } from '#app/utils/loose-t.ts'
import { SpriteIcon } from './icon.tsx'
import { MarkdownHtml } from './markdown-html.tsx'
import { MonthGrid } from './month-grid.tsx'
import { WaitlistJoin } from './waitlist-join.tsx'

/**
 * The static parts of the playroom page — description, features, rules, host
 * FAQ and extra pages, ratings, prices, and the booking panel (booking types,
 * month calendar, start times, the GET form to the checkout) — rendered to
 * HTML on the server. They need no component state: the page inserts them as
 * HTML and the browser bundle does not carry their components (the 150 KiB
 * budget, ADR 0030); links in them become client-side navigations through
 * useSectionLinks. React escapes every text, as in any other render.
 */
type Detail = PlayroomPageData['detail']
type Pages = PlayroomPageData['pages']

const h2 = 'text-xl font-semibold'

/**
 * A text the host wrote only in the other language is shown in that language,
 * marked with its `lang` and this note (issue 31.5).
 */
function FallbackNote({ lang, locale, t }: { lang: Locale; locale: Locale; t: LooseT }) {
	if (lang === locale) return null
	return (
		<p className="text-sm text-ink-muted italic" data-testid="language-fallback">
			{t(`catalogue:detail.onlyIn.${lang}`)}
		</p>
	)
}

function Info({
	detail,
	pages,
	view,
	t,
	locale,
}: {
	detail: Detail
	pages: Pages
	view: PlayroomInfoView
	t: LooseT
	locale: Locale
}) {
	const faq = [
		...detail.questions.map((q) => ({ id: q.id, lang: q.lang, title: q.question, text: q.answer })),
		...pages.map((p) => ({ id: p.id, lang: p.lang, title: p.title, text: p.text })),
	]
	const otherLanguage = (lang: Locale) => (lang === locale ? undefined : lang)
	return (
		<>
			<section aria-labelledby="about" className="flex flex-col gap-2">
				<h2 id="about" className={h2}>
					{t('catalogue:detail.about')}
				</h2>
				<FallbackNote lang={detail.descriptionLang} locale={locale} t={t} />
				<MarkdownHtml
					html={view.descriptionHtml}
					lang={otherLanguage(detail.descriptionLang)}
					testId="playroom-description"
				/>
				{detail.host ? (
					<p className="text-sm text-ink-muted">
						{t('catalogue:detail.host', { name: detail.host.displayName })}
					</p>
				) : null}
			</section>
			{detail.features.length ? (
				<section aria-labelledby="features" className="flex flex-col gap-2">
					<h2 id="features" className={h2}>
						{t('catalogue:detail.features')}
					</h2>
					<ul className="grid gap-2 sm:grid-cols-2" data-testid="features">
						{detail.features.map((f) => (
							<li key={f.key} className="flex items-center gap-2">
								<SpriteIcon name={f.icon} className="h-6 w-6 text-accent" />
								{f.name}
							</li>
						))}
					</ul>
				</section>
			) : null}
			<section aria-labelledby="rules" className="flex flex-col gap-2">
				<h2 id="rules" className={h2}>
					{t('catalogue:detail.rules')}
				</h2>
				{view.rules.length ? <FallbackNote lang={detail.rulesLang} locale={locale} t={t} /> : null}
				<ul className="list-disc pl-5" lang={otherLanguage(detail.rulesLang)}>
					{view.rules.map((rule) => (
						<li key={rule}>{rule}</li>
					))}
				</ul>
				<h3 className="mt-2 font-semibold">{t('catalogue:detail.cancellation')}</h3>
				<p>{view.cancellation}</p>
				<h3 className="mt-2 font-semibold">{t('catalogue:detail.payment')}</h3>
				<p>{view.payment}</p>
			</section>
			{faq.length ? (
				<section aria-labelledby="faq" className="flex flex-col gap-2">
					<h2 id="faq" className={h2}>
						{t('catalogue:detail.faq')}
					</h2>
					{faq.map((item) => (
						<details key={item.id} className="card">
							<summary className="cursor-pointer font-medium">
								<span lang={otherLanguage(item.lang)}>{item.title}</span>
							</summary>
							<FallbackNote lang={item.lang} locale={locale} t={t} />
							<p className="mt-2 whitespace-pre-line text-ink-muted" lang={otherLanguage(item.lang)}>
								{item.text}
							</p>
						</details>
					))}
				</section>
			) : null}
			<section aria-labelledby="ratings" className="flex flex-col gap-3">
				<h2 id="ratings" className={h2}>
					{t('catalogue:detail.ratings')}
				</h2>
				<p className="font-semibold" data-testid="rating-summary">
					{view.rating.summary ? `${view.rating.summary} · ${view.rating.count}` : null}
					{view.rating.newLabel ? (
						<>
							<span className="badge mr-2">{view.rating.newLabel}</span>
							{view.rating.count}
						</>
					) : null}
				</p>
				{view.rating.criteria.length ? (
					<dl className="grid grid-cols-[auto_auto] justify-start gap-x-4 text-sm">
						{view.rating.criteria.map((c) => (
							<div key={c.label} className="contents">
								<dt className="text-ink-muted">{c.label}</dt>
								<dd>{c.value}</dd>
							</div>
						))}
					</dl>
				) : null}
				{view.rating.ageFit.some((fit) => fit.count > 0) ? (
					<div className="text-sm" data-testid="age-fit">
						<p className="font-medium">{t('ratings:page.ageFit')}</p>
						<ul className="mt-1 flex flex-col gap-1">
							{view.rating.ageFit.map((fit) => (
								<li key={fit.label} className="grid grid-cols-[10rem_1fr_auto] items-center gap-2">
									<span>{fit.label}</span>
									<span className="h-2 rounded bg-surface-sunken" aria-hidden="true">
										<span className="block h-2 rounded bg-accent" style={{ width: `${fit.percent}%` }} />
									</span>
									<span>{fit.count}</span>
								</li>
							))}
						</ul>
					</div>
				) : null}
				{view.rating.latest.length ? (
					<ul className="flex flex-col gap-3">
						{view.rating.latest.map((r) => (
							<li key={r.id} className="card flex flex-col gap-1" data-testid="playroom-rating">
								<p className="flex items-center gap-2 text-sm">
									<span
										className="flex"
										role="img"
										aria-label={t('catalogue:detail.ratingSummary', { average: r.stars })}
									>
										{Array.from({ length: 5 }, (_, i) => (
											<SpriteIcon key={i} name="star" filled={i < r.stars} className="h-4 w-4 text-warning" />
										))}
									</span>
									<span className="font-medium">{r.author}</span>
									<span className="text-ink-muted">{r.date}</span>
								</p>
								{r.comment ? (
									<p lang={r.lang} className="whitespace-pre-line break-words">
										{r.comment}
									</p>
								) : null}
								{r.hostReply ? (
									<p className="border-l-2 border-line pl-3 text-sm text-ink-muted">
										<span className="font-medium">{t('catalogue:detail.hostReply')}: </span>
										{r.hostReply}
									</p>
								) : null}
							</li>
						))}
					</ul>
				) : (
					<p className="text-ink-muted">{t('catalogue:detail.noRatings')}</p>
				)}
				{view.rating.more ? (
					<a
						href={localizePath(`/playrooms/${detail.playroomUrlPath}/ratings?page=2`, locale)}
						className="link"
						data-testid="ratings-more"
					>
						{t('ratings:page.next')}
					</a>
				) : null}
				<p className="text-xs text-ink-muted" data-testid="ratings-notice">
					{view.rating.notice}
				</p>
			</section>
		</>
	)
}

function Prices({ view, t }: { view: PlayroomInfoView; t: LooseT }) {
	return (
		<>
			<h2 id="prices" className={h2}>
				{t('catalogue:detail.prices')}
			</h2>
			{view.prices.map((p) => (
				<div key={p.type}>
					<h3 className="font-semibold">{p.title}</h3>
					<ul className="text-sm">
						{p.lines.map((line) => (
							<li key={line}>{line}</li>
						))}
					</ul>
				</div>
			))}
			{view.extras.length ? (
				<div>
					<h3 className="font-semibold">{t('catalogue:detail.extras')}</h3>
					<ul className="text-sm">
						{view.extras.map((line) => (
							<li key={line}>{line}</li>
						))}
					</ul>
				</div>
			) : null}
			<p className="text-xs text-ink-muted" data-testid="tax-note">
				{view.taxNote}
			</p>
		</>
	)
}

const DAY_STYLE = {
	free: 'bg-accent-soft font-semibold text-ink hover:outline hover:outline-accent',
	full: 'text-ink-muted line-through',
	closed: 'text-ink-muted',
	past: 'text-ink-muted',
} as const

/** Booking types, the month calendar, start times and the checkout form — links and a GET form. */
function Booking({
	booking,
	playroomUrlPath,
	t,
	locale,
}: {
	booking: BookingView
	playroomUrlPath: string
	t: LooseT
	locale: Locale
}) {
	const { calendar } = booking
	const nav = (href: string | null, label: string, icon: string) =>
		href ? (
			<a href={href} aria-label={label} className="btn-ghost px-2">
				<SpriteIcon name={icon} />
			</a>
		) : (
			<span className="w-9" />
		)
	return (
		<>
			<h2 id="booking-title" className="text-xl font-semibold">
				{t('catalogue:detail.availability')}
			</h2>
			{booking.types.length > 1 ? (
				<nav aria-label={t('catalogue:search.bookingType')} className="flex flex-wrap gap-2">
					{booking.types.map((b) => (
						<a
							key={b.type}
							href={b.href}
							aria-current={b.current ? 'page' : undefined}
							className={b.current ? 'btn-primary' : 'btn-secondary'}
						>
							{b.label}
						</a>
					))}
				</nav>
			) : null}
			<div>
				<div className="mb-2 flex items-center justify-between">
					{nav(calendar.previous, t('catalogue:detail.previousMonth'), 'chevron-left')}
					<h3 className="font-semibold" data-testid="calendar-month">
						{calendar.title}
					</h3>
					{nav(calendar.next, t('catalogue:detail.nextMonth'), 'chevron-right')}
				</div>
				<MonthGrid
					weekdays={calendar.weekdays}
					weeks={calendar.weeks}
					renderDay={(day) =>
						day.href ? (
							<a
								href={day.href}
								aria-label={day.label}
								aria-current={day.selected ? 'date' : undefined}
								className={`block rounded-md py-1.5 ${day.selected ? 'bg-accent text-accent-ink' : DAY_STYLE.free}`}
								data-state="free"
							>
								{day.day}
							</a>
						) : (
							<span className={`block py-1.5 ${DAY_STYLE[day.state]}`} data-state={day.state}>
								<span aria-hidden="true">{day.day}</span>
								<span className="sr-only">{day.label}</span>
							</span>
						)
					}
				/>
				<ul className="mt-2 flex flex-wrap gap-3 text-xs text-ink-muted">
					{calendar.legend.map((l) => (
						<li key={l.state} className="flex items-center gap-1">
							<span
								aria-hidden="true"
								className={`inline-block h-3 w-3 rounded-sm ${l.state === 'free' ? 'bg-accent-soft' : 'border border-line'}`}
							/>
							{l.label}
						</li>
					))}
				</ul>
			</div>
			{booking.dateLabel === null ? (
				<p className="text-sm text-ink-muted">{t('catalogue:detail.chooseDate')}</p>
			) : (
				<div className="flex flex-col gap-2" data-testid="start-times">
					<h3 className="font-semibold">{t('catalogue:detail.startTimes', { date: booking.dateLabel })}</h3>
					{booking.starts?.length ? (
						<ul className="flex flex-wrap gap-2">
							{booking.starts.map((s) => (
								<li key={s.href}>
									<a
										href={s.href}
										aria-current={s.selected ? 'true' : undefined}
										className={s.selected ? 'btn-primary px-3' : 'btn-secondary px-3'}
									>
										{s.label}
									</a>
								</li>
							))}
						</ul>
					) : (
						<p className="text-sm text-ink-muted">{t('catalogue:detail.noStarts')}</p>
					)}
					{booking.waitlist ? <WaitlistJoin waitlist={booking.waitlist} t={t} /> : null}
				</div>
			)}
			{booking.selected ? (
				<form
					method="get"
					action="#booking"
					className="flex flex-wrap items-end gap-2"
					data-testid="playroom-guests-form"
				>
					{booking.selected.keep.map((field) => (
						<input key={field.name} type="hidden" name={field.name} value={field.value} />
					))}
					<label className="flex flex-col gap-1 text-sm font-medium">
						{t('catalogue:detail.guests')}
						<input
							name="guests"
							type="number"
							min={1}
							max={booking.maxGuests}
							required
							defaultValue={booking.selected.guests}
							className="w-28 rounded-lg border border-line bg-surface px-3 py-2 text-base font-normal"
						/>
					</label>
					<button type="submit" className="btn-secondary">
						{t('catalogue:detail.updatePrices')}
					</button>
				</form>
			) : null}
			{booking.selected ? (
				<form
					method="get"
					action={localizePath('/public/playroomOrder/checkout', locale)}
					className="flex flex-col gap-3"
					data-testid="checkout-form"
				>
					<p className="font-semibold">{booking.selected.label}</p>
					<input type="hidden" name="playroomUrlPath" value={playroomUrlPath} />
					<input type="hidden" name="bookingType" value={booking.bookingType} />
					<input type="hidden" name="checkIn" value={booking.selected.checkIn} />
					<label className="flex flex-col gap-1 text-sm font-medium">
						{t('catalogue:detail.duration')}
						<select
							name="checkOut"
							className="rounded-lg border border-line bg-surface px-3 py-2 text-base font-normal"
						>
							{booking.selected.durations.map((d) => (
								<option key={d.value} value={d.value}>
									{d.label}
								</option>
							))}
						</select>
					</label>
					<input type="hidden" name="guests" value={booking.selected.guests} />
					<p className="text-xs text-ink-muted" data-testid="price-note">
						{booking.selected.priceNote}
					</p>
					<div className="flex flex-wrap items-center gap-3">
						<button type="submit" className="btn-primary" data-testid="book-button">
							{booking.instant ? t('catalogue:detail.book') : t('catalogue:detail.request')}
						</button>
						<a href={booking.selected.changeHref} className="link text-sm">
							{t('catalogue:detail.changeStart')}
						</a>
					</div>
				</form>
			) : (
				<a
					href={localizePath(booking.checkoutWithoutDate, locale)}
					className="btn-primary self-start"
					data-testid="book-button"
				>
					{t('catalogue:detail.bookWithoutDate')}
				</a>
			)}
		</>
	)
}

/** The description, features, rules, FAQ and ratings (`info`) and the price box (`prices`): from the detail alone. */
export function renderInfoSections(
	detail: Detail,
	pages: Pages,
	view: PlayroomInfoView,
	t: LooseT,
	locale: Locale,
) {
	return {
		info: renderToStaticMarkup(<Info detail={detail} pages={pages} view={view} t={t} locale={locale} />),
		prices: renderToStaticMarkup(<Prices view={view} t={t} />),
	}
}

/** The booking panel: from the booking view alone. */
export function renderBookingSection(
	booking: BookingView,
	playroomUrlPath: string,
	t: LooseT,
	locale: Locale,
) {
	return renderToStaticMarkup(
		<Booking booking={booking} playroomUrlPath={playroomUrlPath} t={t} locale={locale} />,
	)
}

import { createContext, useContext, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useBlocker, type FormProps } from 'react-router'
import { LocaleLink, LocaleNavLink } from './locale-link.tsx'
import { SubmitButton } from './forms.tsx'

/**
 * The tabbed editor of one record (issue 12): a header (name, status,
 * preview link), the tab bar, and forms with a save bar that warn about
 * unsaved changes when JavaScript runs (in-app navigation and closing the
 * page). Each tab is its own route with its own form and save; without
 * JavaScript the tabs are plain links and the forms plain posts. The host's
 * playroom editor uses it, an admin editing on behalf of a host reuses it.
 */
export type EditorTab = { id: string; label: string; to: string }

const DirtyContext = createContext<{ dirty: boolean; setDirty: (dirty: boolean) => void }>({
	dirty: false,
	setDirty: () => {},
})

export function EditorTabs({
	title,
	documentTitle,
	status,
	links,
	tabs,
	children,
}: {
	title: string
	/** The document's <title> (the current tab and the record's name). */
	documentTitle: string
	status?: React.ReactNode
	/** Links beside the title (preview, overview). */
	links?: { to: string; label: string; external?: boolean }[]
	tabs: EditorTab[]
	children: React.ReactNode
}) {
	const { t } = useTranslation('hostEditor')
	const [dirty, setDirty] = useState(false)
	useUnsavedChangesWarning(dirty, t('unsaved'))
	return (
		<DirtyContext.Provider value={{ dirty, setDirty }}>
			<title>{documentTitle}</title>
			<header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
				<div>
					<h1 className="text-2xl font-semibold">{title}</h1>
					{status ? <p className="text-sm text-ink-muted">{status}</p> : null}
				</div>
				<div className="flex flex-wrap gap-3 text-sm">
					{links?.map((link) =>
						link.external ? (
							<a key={link.to} href={link.to} className="underline" target="_blank" rel="noreferrer">
								{link.label}
							</a>
						) : (
							<LocaleLink key={link.to} to={link.to} className="underline">
								{link.label}
							</LocaleLink>
						),
					)}
				</div>
			</header>
			<nav aria-label={t('tabs.label')} className="mb-6 overflow-x-auto border-b border-line">
				<ul className="flex gap-1">
					{tabs.map((tab) => (
						<li key={tab.id}>
							<LocaleNavLink
								to={tab.to}
								data-testid={`editor-tab-${tab.id}`}
								className={({ isActive }) =>
									`block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${isActive ? 'border-accent font-semibold' : 'border-transparent'}`
								}
							>
								{tab.label}
							</LocaleNavLink>
						</li>
					))}
				</ul>
			</nav>
			{children}
		</DirtyContext.Provider>
	)
}

/** Asks before leaving while `dirty`: in-app navigation (blocker) and reload/close (beforeunload). */
function useUnsavedChangesWarning(dirty: boolean, message: string) {
	const blocker = useBlocker(
		({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
	)
	useEffect(() => {
		if (blocker.state !== 'blocked') return
		if (window.confirm(message)) blocker.proceed()
		else blocker.reset()
	}, [blocker, message])
	useEffect(() => {
		if (!dirty) return
		const warn = (event: BeforeUnloadEvent) => {
			event.preventDefault()
			event.returnValue = message
		}
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [dirty, message])
}

/**
 * A form of an editor tab: any input marks the editor dirty, a submit that is
 * really sent clears it (the save answers with a redirect or the form with its
 * errors). Conform validates a field on blur by submitting the form with a
 * validation intent and cancels that submit (as it does a save refused in the
 * browser) — those leave the changes unsaved, so they keep the warning.
 */
export function EditorForm({ children, onInput, onSubmit, ...props }: FormProps) {
	const { setDirty } = useContext(DirtyContext)
	return (
		<Form
			method="POST"
			{...props}
			onInput={(event) => {
				setDirty(true)
				onInput?.(event)
			}}
			onSubmit={(event) => {
				onSubmit?.(event)
				if (!event.defaultPrevented) setDirty(false)
			}}
		>
			{children}
		</Form>
	)
}

/** The save button of a tab's form, with a note while there are unsaved changes. */
export function SaveBar({ label, name, value }: { label?: string; name?: string; value?: string }) {
	const { t } = useTranslation('hostEditor')
	const { dirty } = useContext(DirtyContext)
	return (
		<div className="sticky bottom-0 mt-6 flex items-center gap-3 border-t border-line bg-surface py-3">
			<SubmitButton className="btn-primary" name={name} value={value}>
				{label ?? t('save')}
			</SubmitButton>
			{dirty ? (
				<span className="text-sm text-ink-muted" role="status">
					{t('unsavedHint')}
				</span>
			) : null}
		</div>
	)
}

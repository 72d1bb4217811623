/**
 * The app's icons: inline SVG line icons (no icon font or CDN). Decorative —
 * the control that holds one carries the accessible name.
 */
const ICONS = {
	sun: (
		<>
			<circle cx="12" cy="12" r="4" />
			<path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
		</>
	),
	moon: <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />,
	menu: <path d="M4 6h16M4 12h16M4 18h16" />,
	search: (
		<>
			<circle cx="11" cy="11" r="7" />
			<path d="m20 20-3.5-3.5" />
		</>
	),
	chat: <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />,
	sidebar: (
		<>
			<rect x="3" y="4" width="18" height="16" rx="2" />
			<path d="M9 4v16" />
		</>
	),
	volumeOff: (
		<>
			<path d="M11 5 6 9H2v6h4l5 4V5z" />
			<path d="m23 9-6 6M17 9l6 6" />
		</>
	),
} as const

export type IconName = keyof typeof ICONS

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			className={className}
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			{ICONS[name]}
		</svg>
	)
}

/**
 * Icons of the catalogue (features, hearts, stars, map …) from the static
 * sprite public/icons.svg, so they cost no JavaScript. `name` is a symbol id
 * there; feature icons use the catalogue's icon names.
 */
export function SpriteIcon({
	name,
	className = 'h-5 w-5',
	filled = false,
}: {
	name: string
	className?: string
	filled?: boolean
}) {
	return (
		<svg
			aria-hidden="true"
			focusable="false"
			className={className}
			fill={filled ? 'currentColor' : 'none'}
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			<use href={`/icons.svg#${name}`} />
		</svg>
	)
}

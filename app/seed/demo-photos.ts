import type { Random } from './random.ts'

/**
 * Demo photos without downloads: simple, varied SVG scenes of a playroom
 * (wall, floor, window and the scene's main element), rendered and encoded by
 * the same image pipeline uploads use (app/models/catalogue/images.server.ts).
 */
export const PHOTO_WIDTH = 1280
export const PHOTO_HEIGHT = 853

const PALETTES = [
	{ wall: '#fde68a', floor: '#d6a86b', accent: ['#ef4444', '#3b82f6', '#22c55e', '#f59e0b', '#a855f7'] },
	{ wall: '#bfdbfe', floor: '#b08968', accent: ['#f97316', '#0ea5e9', '#84cc16', '#ec4899', '#facc15'] },
	{ wall: '#fbcfe8', floor: '#c8a27a', accent: ['#14b8a6', '#6366f1', '#f43f5e', '#eab308', '#10b981'] },
	{ wall: '#d9f99d', floor: '#a47551', accent: ['#e11d48', '#2563eb', '#f59e0b', '#7c3aed', '#06b6d4'] },
]

function room(palette: (typeof PALETTES)[number], random: Random): string {
	const windowX = random.int(80, 900)
	return `
	<rect width="1280" height="853" fill="${palette.wall}"/>
	<rect y="560" width="1280" height="293" fill="${palette.floor}"/>
	<rect y="552" width="1280" height="10" fill="#ffffff" opacity="0.7"/>
	<rect x="${windowX}" y="90" width="260" height="220" rx="10" fill="#e0f2fe" stroke="#ffffff" stroke-width="14"/>
	<line x1="${windowX + 130}" y1="90" x2="${windowX + 130}" y2="310" stroke="#ffffff" stroke-width="10"/>
	<circle cx="${windowX + 60}" cy="150" r="26" fill="#fde047"/>`
}

function scene(kind: string, accent: string[], random: Random): string {
	const color = () => random.pick(accent)
	switch (kind) {
		case 'ballpit': {
			let balls = ''
			for (let i = 0; i < 140; i++) {
				balls += `<circle cx="${random.int(230, 1050)}" cy="${random.int(520, 700)}" r="${random.int(18, 26)}" fill="${color()}"/>`
			}
			return `<rect x="200" y="480" width="880" height="250" rx="40" fill="#60a5fa"/>${balls}<rect x="200" y="690" width="880" height="60" rx="20" fill="#2563eb"/>`
		}
		case 'climbing': {
			let holds = ''
			for (let i = 0; i < 40; i++) {
				holds += `<ellipse cx="${random.int(420, 860)}" cy="${random.int(80, 520)}" rx="${random.int(10, 20)}" ry="${random.int(8, 16)}" fill="${color()}"/>`
			}
			return `<rect x="400" y="50" width="480" height="510" fill="#78716c"/>${holds}<rect x="360" y="560" width="560" height="70" rx="12" fill="#1e3a8a"/>`
		}
		case 'slide':
			return `<rect x="300" y="260" width="200" height="300" fill="${color()}"/><rect x="280" y="240" width="240" height="30" fill="#ffffff"/>
			<path d="M500 270 C 700 300, 760 560, 1000 600 L 1000 650 C 740 610, 660 360, 500 330 Z" fill="${color()}"/>
			<line x1="320" y1="560" x2="320" y2="250" stroke="#ffffff" stroke-width="8"/>`
		case 'tent':
			return `<polygon points="640,180 380,620 900,620" fill="${color()}"/><polygon points="640,180 560,620 720,620" fill="#ffffff" opacity="0.5"/>
			<ellipse cx="420" cy="640" rx="90" ry="30" fill="${color()}"/><ellipse cx="870" cy="640" rx="90" ry="30" fill="${color()}"/>`
		case 'blocks': {
			let blocks = ''
			for (let i = 0; i < 14; i++) {
				const size = random.int(70, 140)
				blocks += `<rect x="${random.int(120, 1050)}" y="${random.int(480, 700) - size / 2}" width="${size}" height="${size}" rx="14" fill="${color()}"/>`
			}
			return blocks
		}
		case 'party': {
			let balloons = ''
			for (let i = 0; i < 9; i++) {
				const x = random.int(150, 1130)
				const y = random.int(80, 260)
				balloons += `<line x1="${x}" y1="${y + 45}" x2="${x + random.int(-20, 20)}" y2="${y + 230}" stroke="#475569" stroke-width="2"/><ellipse cx="${x}" cy="${y}" rx="38" ry="48" fill="${color()}"/>`
			}
			return `${balloons}<rect x="260" y="500" width="760" height="40" rx="8" fill="#ffffff"/><rect x="300" y="540" width="24" height="160" fill="#94a3b8"/><rect x="956" y="540" width="24" height="160" fill="#94a3b8"/>
			<rect x="580" y="430" width="120" height="70" rx="8" fill="#f9a8d4"/><rect x="630" y="395" width="8" height="35" fill="#fde047"/>`
		}
		case 'garden':
			return `<rect y="0" width="1280" height="560" fill="#bae6fd"/><rect y="540" width="1280" height="313" fill="#4ade80"/>
			<rect x="180" y="300" width="40" height="260" fill="#92400e"/><circle cx="200" cy="260" r="120" fill="#16a34a"/>
			<rect x="640" y="600" width="420" height="160" rx="16" fill="#fcd34d"/><circle cx="1100" cy="120" r="60" fill="#fde047"/>`
		default: {
			let pens = ''
			for (let i = 0; i < 12; i++) {
				pens += `<rect x="${420 + i * 36}" y="${random.int(440, 470)}" width="14" height="70" rx="6" fill="${color()}"/>`
			}
			return `<rect x="300" y="520" width="680" height="36" rx="8" fill="#fef3c7"/><rect x="340" y="556" width="20" height="150" fill="#a16207"/><rect x="920" y="556" width="20" height="150" fill="#a16207"/>
			<rect x="360" y="470" width="160" height="50" fill="#ffffff" transform="rotate(-8 440 495)"/>${pens}`
		}
	}
}

/** One scene as SVG source; `variant` picks the palette. */
export function renderDemoPhotoSvg(kind: string, variant: number, random: Random): string {
	const palette = PALETTES[variant % PALETTES.length] as (typeof PALETTES)[number]
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 1280 853">${room(palette, random)}${scene(kind, palette.accent, random)}</svg>`
}

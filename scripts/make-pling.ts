/**
 * Authors public/sounds/pling.mp3, the chat's new-message sound (spec §2, issue 32, ADR 0162):
 * a short bell-like "pling" — two sine partials (A6 and an inharmonic overtone) with a 4 ms
 * attack and an exponential decay, 0.5 s, mono 22.05 kHz, MP3 at 48 kbit/s (about 3 KB).
 * Synthesised here, so the sound has no licence of its own and needs no download; encoded with
 * the pure-JavaScript LAME port (@breezystack/lamejs, a devDependency used only by this script).
 *
 *   node scripts/make-pling.ts            # writes public/sounds/pling.mp3
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Mp3Encoder } from '@breezystack/lamejs'

const SAMPLE_RATE = 22_050
const SECONDS = 0.5
const KBPS = 48

/** The pling's samples in [-1, 1]. */
export function plingSamples(sampleRate = SAMPLE_RATE, seconds = SECONDS): Float32Array {
	const samples = new Float32Array(Math.round(sampleRate * seconds))
	const partials = [
		{ hz: 1760, gain: 0.6, decay: 7 },
		{ hz: 1760 * 2.76, gain: 0.18, decay: 14 },
		{ hz: 1318.5, gain: 0.22, decay: 9 },
	]
	for (let i = 0; i < samples.length; i++) {
		const t = i / sampleRate
		const attack = Math.min(1, t / 0.004)
		let value = 0
		for (const partial of partials) {
			value += partial.gain * Math.exp(-partial.decay * t) * Math.sin(2 * Math.PI * partial.hz * t)
		}
		samples[i] = attack * value * 0.8
	}
	return samples
}

export function encodeMp3(samples: Float32Array, sampleRate = SAMPLE_RATE, kbps = KBPS): Uint8Array {
	const pcm = Int16Array.from(samples, (value) => Math.round(Math.max(-1, Math.min(1, value)) * 32_767))
	const encoder = new Mp3Encoder(1, sampleRate, kbps)
	const chunks: Uint8Array[] = []
	for (let offset = 0; offset < pcm.length; offset += 1152) {
		chunks.push(encoder.encodeBuffer(pcm.subarray(offset, offset + 1152)))
	}
	chunks.push(encoder.flush())
	const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
	let at = 0
	for (const chunk of chunks) {
		out.set(chunk, at)
		at += chunk.length
	}
	return out
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sounds', 'pling.mp3')
	mkdirSync(dirname(target), { recursive: true })
	const mp3 = encodeMp3(plingSamples())
	writeFileSync(target, mp3)
	console.log(`${target}: ${mp3.length} bytes`)
}

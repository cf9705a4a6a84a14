// The operator's colours are configuration (DESIGN 10); white text on them must stay readable
// (WCAG 2.1 AA, 4.5:1), so a colour that is too light falls back to the demo default.
import { DEFAULT_SITE_INFO } from '~/lib/site'
import type { CSSProperties } from 'react'
import type { SiteInfo } from '~/lib/site'

const AA_TEXT_CONTRAST = 4.5

function channel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of '#rrggbb'; NaN for anything else. */
export function relativeLuminance(hex: string): number {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return Number.NaN
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5)
}

/** Contrast ratio of white text on the colour. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05)
}

function readableOrDefault(hex: string, fallback: string): string {
  const ratio = contrastWithWhite(hex)
  return Number.isFinite(ratio) && ratio >= AA_TEXT_CONTRAST ? hex : fallback
}

export type ThemeStyle = Record<'--color-primary' | '--color-accent', string>

/** Custom properties for the layout's root element; the rest of the palette derives from them in app.css. */
export function themeStyle(colors: SiteInfo['colors']): CSSProperties & ThemeStyle {
  return {
    '--color-primary': readableOrDefault(colors.primary, DEFAULT_SITE_INFO.colors.primary),
    '--color-accent': readableOrDefault(colors.accent, DEFAULT_SITE_INFO.colors.accent),
  }
}

/**
 * The application's colours as the app uses them on a themed page (decision 1640): the
 * bar at the top in the primary colour, buttons in the secondary colour (the primary
 * when there is none), each with the text colour that reads best on it.
 */
export const FALLBACK_PRIMARY = '#1f6feb';

/** A colour #RRGGBB or #RRGGBBAA as red, green, blue over white (the alpha blended in), or null. */
export function rgbOnWhite(color: string | null | undefined): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(color ?? '');
  if (!match) return null;
  const alpha = match[2] ? parseInt(match[2], 16) / 255 : 1;
  const channel = (i: number) => Math.round(parseInt(match[1].slice(i, i + 2), 16) * alpha + 255 * (1 - alpha));
  return [channel(0), channel(2), channel(4)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colours. */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: [number, number, number] = [255, 255, 255];
const INK: [number, number, number] = [17, 17, 17];

/** White or near-black text, whichever contrasts more with the background colour. */
export function readableOn(background: string): '#ffffff' | '#111111' {
  const rgb = rgbOnWhite(background) ?? WHITE;
  return contrast(rgb, WHITE) >= contrast(rgb, INK) ? '#ffffff' : '#111111';
}

export interface PageTheme {
  primary: string;
  onPrimary: string;
  button: string;
  onButton: string;
}

/** The theme of a page from the application's colours; Move's blue when it has none. */
export function pageTheme(primary: string | null | undefined, secondary: string | null | undefined): PageTheme {
  const p = rgbOnWhite(primary) ? (primary as string) : FALLBACK_PRIMARY;
  const button = rgbOnWhite(secondary) ? (secondary as string) : p;
  return { primary: p, onPrimary: readableOn(p), button, onButton: readableOn(button) };
}

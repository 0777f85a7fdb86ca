import { useState } from 'react';

export const DEFAULT_AVATAR_SIZE = 48;

/** First letters of up to the first four words, e.g. "Jan van der Berg Jansen" → "JVDB". */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4)
    .map((word) => word[0].toUpperCase())
    .join('');
}

/**
 * A stable colour for a name, so the same person always gets the same one. The lightness
 * is dark enough that the white initials keep a 4.5:1 contrast on every hue (WCAG AA;
 * at 42% yellows and greens fell to 2.6:1).
 */
export function colorForName(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) | 0;
  return `hsl(${Math.abs(hash) % 360}, 55%, 30%)`;
}

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  /** Next to the name in text (the user menu): hidden from assistive technology, so the name is not read twice. */
  decorative?: boolean;
}

/** Shows the image; falls back to coloured initials when there is none or it fails to load. */
export function Avatar({ name, src, size = DEFAULT_AVATAR_SIZE, decorative = false }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };

  if (src && failedSrc !== src) {
    return (
      <img className="avatar" src={src} alt={decorative ? '' : name} style={style} width={size} height={size} onError={() => setFailedSrc(src)} />
    );
  }
  return (
    <span
      className="avatar avatar--initials"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      style={{ ...style, background: colorForName(name) }}>
      {initials(name)}
    </span>
  );
}

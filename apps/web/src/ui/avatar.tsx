import { useState, type CSSProperties, type ReactNode } from 'react';
import { smallAvatarUrl } from '@tolk/shared/avatars';

/**
 * Up to two letters of a name: the first of its first and last words ("Ana María" -> "AM"). Scripts
 * without capitals (Arabic, Chinese, Japanese, Korean...) get one sign: Arabic letters side by
 * side would join into a ligature, and one character already reads as a name there.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  const first = letter(words[0]);
  if (!first) return '?';
  const last = words.length > 1 ? letter(words[words.length - 1]) : '';
  const cased = (sign: string) => sign.toLocaleLowerCase() !== sign.toLocaleUpperCase();
  return cased(first) && cased(last) ? `${first}${last}`.toLocaleUpperCase() : first.toLocaleUpperCase();
}

/** A stable hue per name, so two people without photos look different at a glance. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

interface AvatarProps {
  name: string;
  /** The 256 px picture as the API gives it; null or absent shows initials. */
  url?: string | null | undefined;
  /** small (44 px, lists and chats) uses the 64 px copy; large (64 px and up) the 256 px one. */
  size?: 'small' | 'large';
  className?: string;
}

/**
 * A person's profile photo, or their initials when they have none or it cannot load. Decorative:
 * the name is always written next to it, so it is hidden from screen readers.
 */
export function Avatar({ name, url, size = 'small', className = '' }: AvatarProps) {
  const src = url ? (size === 'small' ? smallAvatarUrl(url) : url) : null;
  const classes = `avatar${size === 'small' ? ' small' : ''}${className ? ` ${className}` : ''}`;
  return (
    <PhotoOr
      src={src}
      className={`${classes} avatar-photo`}
      fallback={
        <span className={classes} aria-hidden style={{ '--avatar-hue': hueOf(name) } as CSSProperties}>
          {initialsOf(name)}
        </span>
      }
    />
  );
}

/**
 * A decorative photo (what it shows is written beside it, so screen readers skip it), loaded
 * lazily, or the fallback when there is none or it cannot load.
 */
export function PhotoOr({ src, className, fallback }: { src: string | null; className: string; fallback: ReactNode }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return fallback;
  return (
    <img
      className={className}
      src={src}
      alt=""
      aria-hidden
      loading="lazy"
      decoding="async"
      onError={() => {
        setFailed(src);
      }}
    />
  );
}

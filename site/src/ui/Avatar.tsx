import { avatarSources, initials } from '../../../contract/photos.ts';
import './avatar.css';

const SIZES = { xs: 24, sm: 40, md: 56, lg: 96 } as const;

/**
 * A person's profile photo (the 160 px thumbnail, or its 320 px twin where the screen needs more
 * pixels, drawn at 24, 40, 56 or 96 px), or their initials in a circle when they have none. Beside a name it says nothing more, so it is hidden from
 * screen readers unless given `alt`.
 */
export function Avatar({
  name,
  src,
  size = 'sm',
  alt,
}: {
  name: string;
  src: string | null | undefined;
  size?: keyof typeof SIZES;
  alt?: string;
}) {
  const px = SIZES[size];
  // Sizes are classes, not style attributes: the pages' CSP allows no inline styles.
  const className = `avatar avatar-${size}`;
  if (src) {
    return (
      <span className={className} aria-hidden={alt ? undefined : true}>
        <img
          src={src}
          {...avatarSources(src, px)}
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          alt={alt ?? ''}
        />
      </span>
    );
  }
  return (
    <span className={className} role={alt ? 'img' : undefined} aria-label={alt} aria-hidden={alt ? undefined : true}>
      {initials(name)}
    </span>
  );
}

import type { ReactNode } from 'react';
import { avatarText } from './name-avatar';
import './table-cells.css';

/*
 * Plain elements for the cells of large virtual tables. antd's Tag, Button, Typography and Avatar each bring hooks,
 * style registration and (Avatar) a layout measurement per instance; with thirty columns, scrolling mounts hundreds of
 * them a frame. These look the same and cost a span each.
 */

export type CellTone = 'success' | 'processing' | 'error' | 'warning' | 'default';

/** A small coloured label, like antd's Tag. */
export function CellTag({ tone = 'default', children }: { tone?: CellTone; children: ReactNode }) {
  return <span className={`cell-tag cell-tag--${tone}`}>{children}</span>;
}

/** A link-styled button (opens a drawer, runs an action). */
export function CellLink({ onClick, danger, className, children }: { onClick: () => void; danger?: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="button" className={`cell-link${danger ? ' cell-link--danger' : ''}${className ? ` ${className}` : ''}`} onClick={onClick}>
      {children}
    </button>
  );
}

/** Greyed text, as for an empty value. */
export const CellMuted = ({ children }: { children: ReactNode }) => <span className="cell-muted">{children}</span>;

/** A person's picture, or the last two characters of their name (§2.4), at the small size of a table row. */
export function CellAvatar({ name, src }: { name: string; src?: string | null }) {
  return src ? (
    <img className="cell-avatar" src={src} alt="" loading="lazy" />
  ) : (
    <span className="cell-avatar" aria-hidden>
      {avatarText(name)}
    </span>
  );
}

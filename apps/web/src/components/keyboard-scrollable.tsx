import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Lets the keyboard reach the scrolling areas of the tables inside (axe: scrollable-region-focusable). A table wider
 * than its pane scrolls sideways; with no link or button in it (an empty list, a table of figures) nothing in it takes
 * focus, so without a mouse its hidden columns could not be reached. The wrapper takes no room of its own.
 */
export function KeyboardScrollable({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const area of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) if (!area.hasAttribute('tabindex')) area.tabIndex = 0;
  });
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

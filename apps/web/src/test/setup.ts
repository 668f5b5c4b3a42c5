import '@testing-library/jest-dom/vitest';
import { StyleContext } from '@ant-design/cssinjs';
import { cleanup, configure, renderHook } from '@testing-library/react';
import { useContext } from 'react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Lazy pages and antd render in jsdom take longer than the default 1 s to appear on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

// antd reads these browser APIs that jsdom lacks. Width queries (antd's breakpoints, the shell's) answer for the
// window's width: jsdom's 1024 px, a desktop, unless a test sets `innerWidth` to render a phone. Others never match.
const widthQuery = /^\((min|max)-width:\s*([\d.]+)px\)$/;
const matchesWidth = (query: string) =>
  query.split(/\s+and\s+/).every((part) => {
    const [, bound, px] = widthQuery.exec(part.trim()) ?? [];
    return bound === 'min' ? window.innerWidth >= Number(px) : bound === 'max' && window.innerWidth <= Number(px);
  });
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The shell's antd menus and tabs measure themselves with ResizeObserver, which jsdom lacks; nothing resizes here.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The shell opens the notification stream with EventSource, which jsdom lacks: here it stays connecting, silent.
if (!window.EventSource) {
  window.EventSource = class extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSED = 2;
    readyState = 0;
    readonly withCredentials = false;
    onopen = null;
    onmessage = null;
    onerror = null;
    constructor(readonly url: string) {
      super();
    }
    close() {
      this.readyState = 2;
    }
  } as unknown as typeof EventSource;
}

// jsdom lays nothing out and has no element scrolling; tables scroll back to their top when their list changes.
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};

// antd writes its CSS-in-JS into <style> tags; jsdom then matches every rule against every element on each
// getComputedStyle, which Testing Library's role queries and user-event's pointer-events checks call all the time:
// two thirds of a page test's CPU. Rendering its styles the way server rendering does (kept, not injected) makes the
// page tests ~4× faster. The price: what only antd's stylesheets hide (a closed popup kept in the DOM) counts as
// visible here, so what a real browser shows is for the Playwright tests. Set on the default style context, so every
// render gets it.
renderHook(() => useContext(StyleContext)).result.current.mock = 'server';
cleanup();

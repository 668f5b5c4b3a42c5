import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Lazy pages and antd render in jsdom take longer than the default 1 s to appear on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
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

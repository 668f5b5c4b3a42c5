import '@testing-library/jest-dom/vitest';
import { StyleContext } from '@ant-design/cssinjs';
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/react';
import { message, Modal } from 'antd';
import Cookies from 'js-cookie';
import { useContext } from 'react';
import dayjs from 'dayjs';
import { afterEach, expect, vi } from 'vitest';
// The API client loads its notices when a call first fails; loaded up front, a toast shows in the test that raised it.
import '../lib/failure-notice';
import { usePreferences } from '../lib/preferences';
import { resetFakeApi } from './fake-api';
import { resetStores } from './zustand';

vi.mock('zustand', async () => (await import('./zustand')).zustandThatRemembers);

/** jsdom's window, a desktop. */
const WINDOW_WIDTH = 1024;

/**
 * antd's static notices, which the API client raises (the §8 toasts, the logged-out dialog), render in React roots of
 * their own that cleanup() does not unmount: closed here, they leave the DOM at once (no motion: see matchMedia below).
 */
async function closeStaticNotices(): Promise<void> {
  // Modal.confirm renders on a timer: let a dialog the test's last step raised appear, to be closed with the others.
  await act(() => new Promise((resolve) => setTimeout(resolve)));
  act(() => {
    // With no toast shown, destroy() would create antd's toast holder for nothing.
    if (document.querySelector('.ant-message-notice')) message.destroy();
    Modal.destroyAll();
  });
  await waitFor(() => expect(document.querySelector('.ant-message-notice, .ant-modal-root')).toBeNull());
}

/**
 * What a test changed outside its rendered tree is put back after it. The files one worker runs share its window and
 * its loaded modules (`isolate: false`, vite.config.ts), so this is also what keeps a file from seeing the one before.
 */
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await closeStaticNotices();
  resetStores();
  // Setting them again also writes the language and theme on <html>, where the API client reads Accept-Language.
  const { language, theme, setLanguage, setTheme } = usePreferences.getState();
  act(() => {
    setLanguage(language);
    setTheme(theme);
  });
  resetFakeApi();
  localStorage.clear();
  sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  window.innerWidth = WINDOW_WIDTH;
  // The shell sets the date pickers' zone (lib/picker-today.ts): back to the browser's.
  dayjs.tz?.setDefault();
});

// Lazy pages and antd render in jsdom take longer than the default 1 s to appear on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

// antd reads these browser APIs that jsdom lacks. Width queries (antd's breakpoints, the shell's) answer for the
// window's width: 1024 px, a desktop, unless a test sets `innerWidth` to render a phone. The system asks for reduced
// motion, so antd under the app's AntdConfig (the shell, the static notices) animates nothing: jsdom plays no CSS
// animation, and a closed toast or dialog would stay in the DOM waiting for one to end. Other queries never match.
const widthQuery = /^\((min|max)-width:\s*([\d.]+)px\)$/;
const matchesWidth = (query: string) =>
  query.split(/\s+and\s+/).every((part) => {
    const [, bound, px] = widthQuery.exec(part.trim()) ?? [];
    return bound === 'min' ? window.innerWidth >= Number(px) : bound === 'max' && window.innerWidth <= Number(px);
  });
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)' || matchesWidth(query),
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

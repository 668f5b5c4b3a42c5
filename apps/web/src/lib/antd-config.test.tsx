import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdConfig } from './antd-config';
import { usePreferences } from './preferences';

const originalMatchMedia = window.matchMedia;

/** A system whose reduced-motion setting the test flips; every other media query does not match. */
function systemMotion(reduced: boolean) {
  let matches = reduced;
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

/** What antd inside the provider works with. */
function Probe() {
  const { token } = theme.useToken();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  return <output>{`motion=${String(token.motion)} locale=${locale?.locale} background=${token.colorBgBase}`}</output>;
}

afterEach(() => {
  window.matchMedia = originalMatchMedia;
  act(() => {
    usePreferences.getState().setLanguage('zh-CN');
    usePreferences.getState().setTheme('light');
  });
});

describe('antd follows the staff member and the system', () => {
  it('animates, in Chinese and light, by default', () => {
    systemMotion(false);
    render(<AntdConfig><Probe /></AntdConfig>);
    expect(screen.getByRole('status')).toHaveTextContent('motion=true locale=zh-cn background=#fff');
  });

  it('stops animating when the system asks for reduced motion, and starts again when it no longer does', () => {
    const system = systemMotion(true);
    render(<AntdConfig><Probe /></AntdConfig>);
    expect(screen.getByRole('status')).toHaveTextContent('motion=false');
    act(() => system.set(false));
    expect(screen.getByRole('status')).toHaveTextContent('motion=true');
  });

  it('takes the language and the theme from the preferences', () => {
    systemMotion(false);
    render(<AntdConfig><Probe /></AntdConfig>);
    act(() => {
      usePreferences.getState().setLanguage('en-US');
      usePreferences.getState().setTheme('dark');
    });
    expect(screen.getByRole('status')).toHaveTextContent('locale=en background=#000');
  });
});

import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESSIBLE_THEME, AntdConfig } from './antd-config';
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

/** A colour as red, green, blue (0–255) and alpha: `#rgb`, `#rrggbb` or `rgba(r, g, b, a)`, as antd's tokens write them. */
function parse(colour: string): [number, number, number, number] {
  const rgba = /^rgba?\(([^)]+)\)$/.exec(colour);
  if (rgba) {
    const [r, g, b, a = 1] = rgba[1]!.split(',').map(Number);
    return [r!, g!, b!, a];
  }
  const hex = colour.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as [number, number, number, number];
}

/** WCAG's relative luminance of an opaque colour. */
const luminance = ([r, g, b]: number[]) =>
  [r!, g!, b!]
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);

/** WCAG's contrast ratio of a colour (alpha blended) on an opaque background. */
function contrast(foreground: string, background: string): number {
  const [br, bg, bb] = parse(background);
  const [fr, fg, fb, alpha] = parse(foreground);
  const blended = [fr * alpha + br * (1 - alpha), fg * alpha + bg * (1 - alpha), fb * alpha + bb * (1 - alpha)];
  const [light, dark] = [luminance(blended), luminance([br, bg, bb])].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** antd's named tag colours that screens use (a tag writes in the colour's shade 7 on its shade 1). */
const PRESET_COLOURS = ['blue', 'purple', 'geekblue', 'volcano'] as const;

describe('the theme\'s text reaches WCAG AA contrast (4.5:1)', () => {
  it.each(['light', 'dark'] as const)('%s', (mode) => {
    const { token: seeds, components = {} } = ACCESSIBLE_THEME[mode];
    const token = theme.getDesignToken({ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: seeds });
    // The blue antd writes selected tabs, menu and dropdown items in; light has one blue for text and fills.
    const selectedBlue = components.Tabs?.itemSelectedColor ?? token.colorPrimary;
    const texts = {
      colorText: token.colorText,
      colorTextSecondary: token.colorTextSecondary,
      colorTextDescription: token.colorTextDescription,
      colorTextPlaceholder: token.colorTextPlaceholder,
      colorLink: token.colorLink,
      colorPrimaryText: token.colorPrimaryText,
      colorError: token.colorError,
      colorSuccessText: token.colorSuccessText,
      colorWarningText: token.colorWarningText,
      selectedBlue,
    };
    const surfaces = { colorBgContainer: token.colorBgContainer, colorBgElevated: token.colorBgElevated, colorBgLayout: token.colorBgLayout };
    const pairs: [string, string, string][] = [
      ...Object.entries(texts).flatMap(([text, fg]) => Object.entries(surfaces).map(([surface, bg]): [string, string, string] => [`${text} on ${surface}`, fg, bg])),
      ['selected menu item', components.Menu?.itemSelectedColor ?? token.colorPrimary, token.colorPrimaryBg],
      ['group of the selected menu item', components.Menu?.subMenuItemSelectedColor ?? token.colorPrimary, token.colorBgContainer],
      ['empty table', components.Table?.colorTextDisabled ?? token.colorTextDisabled, token.colorBgContainer],
      ['selected dropdown item', components.Dropdown?.colorPrimary ?? token.colorPrimary, token.controlItemBgActive],
      ['primary button', token.colorTextLightSolid, token.colorPrimary],
      ['danger button', components.Button?.dangerColor ?? token.colorTextLightSolid, token.colorError],
      ['success tag', components.Tag?.colorSuccess ?? token.colorSuccess, token.colorSuccessBg],
      ['processing tag', token.colorInfo, token.colorInfoBg],
      ['error tag', token.colorError, token.colorErrorBg],
      ['warning tag', components.Tag?.colorWarning ?? token.colorWarning, token.colorWarningBg],
      ...PRESET_COLOURS.map((colour): [string, string, string] => [
        `${colour} tag`,
        components.Tag?.[`${colour}7`] ?? token[`${colour}7`],
        token[`${colour}1`],
      ]),
    ];
    const failing = pairs.map(([name, fg, bg]) => `${name}: ${contrast(fg, bg).toFixed(2)}`).filter((line) => Number(line.split(': ')[1]) < 4.5);
    expect(failing).toEqual([]);
  });
});

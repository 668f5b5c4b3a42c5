import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { defineMessages, format, useMessages } from '../lib/i18n';
import './column-settings.css';

const texts = defineMessages({
  'zh-CN': { columns: '列设置', reset: '恢复默认', shown: '显示 {shown} / {all} 列' },
  'en-US': { columns: 'Columns', reset: 'Defaults', shown: '{shown} of {all} columns shown' },
});

function storedHidden(storageKey: string): string[] | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/**
 * Which columns of a table are hidden, remembered in this browser under `storageKey`. A column added later shows
 * unless it is among `defaultHidden` and nothing was chosen yet.
 */
export function useHiddenColumns(storageKey: string, defaultHidden: readonly string[]) {
  const [hidden, setHiddenState] = useState<string[]>(() => storedHidden(storageKey) ?? [...defaultHidden]);
  const setHidden = (next: string[]) => {
    setHiddenState(next);
    try {
      localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Not remembered (storage blocked), but the choice applies to this page.
    }
  };
  const reset = () => {
    setHiddenState([...defaultHidden]);
    try {
      localStorage.removeItem(storageKey);
    } catch {
      // Nothing was stored.
    }
  };
  return { hidden, setHidden, reset };
}

interface ColumnSettingsProps {
  columns: { key: string; title: ReactNode }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
  onReset: () => void;
}

/** A button opening the list of a table's columns, each with a box to show or hide it. */
export function ColumnSettings({ columns, hidden, onChange, onReset }: ColumnSettingsProps) {
  const t = useMessages(texts);
  const shown = columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  const content = (
    <div className="column-settings">
      <Checkbox.Group
        className="column-settings__list"
        value={shown}
        options={columns.map((c) => ({ value: c.key, label: c.title }))}
        onChange={(checked) => onChange(columns.map((c) => c.key).filter((key) => !checked.includes(key)))}
      />
      <Flex justify="space-between" align="center" className="column-settings__footer">
        <Typography.Text type="secondary">{format(t.shown, { shown: shown.length, all: columns.length })}</Typography.Text>
        <Button size="small" onClick={onReset}>
          {t.reset}
        </Button>
      </Flex>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t.columns} content={content}>
      <Button icon={<SettingOutlined />}>{t.columns}</Button>
    </Popover>
  );
}

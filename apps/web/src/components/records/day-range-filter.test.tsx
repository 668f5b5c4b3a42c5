import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DayRangeFilter } from './day-range-filter';

const user = userEvent.setup({ delay: null });
/** A day of the open date picker. */
const cell = (day: string) => document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${day}"]`)!;
const boxes = () => screen.getAllByRole('textbox', { name: '报到日期' }) as HTMLInputElement[];

function OpenEnded({ onChange }: { onChange: (value: [string | null, string | null] | undefined) => void }) {
  const [value, setValue] = useState<[string | null, string | null] | undefined>([null, '2026-11-20']);
  return (
    <DayRangeFilter
      label="报到日期"
      openEnds
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DayRangeFilter', () => {
  it('with open ends shows a range up to a day, its first end empty, and takes a first day picked', async () => {
    const onChange = vi.fn();
    render(<OpenEnded onChange={onChange} />);
    expect(boxes().map((box) => box.value)).toEqual(['', '2026-11-20']);
    await user.click(boxes()[0]!);
    await waitFor(() => expect(cell('2026-11-03')).not.toBeNull());
    await user.click(cell('2026-11-03'));
    await user.click(cell('2026-11-20'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['2026-11-03', '2026-11-20']));
  });

  it('keeps a required range within its longest span: days further from the first are out of reach', async () => {
    const onChange = vi.fn();
    render(<DayRangeFilter label="报到日期" required maxDays={7} value={['2026-11-10', '2026-11-12']} onChange={onChange} />);
    expect(document.querySelector('.ant-picker-clear')).toBeNull();
    await user.click(boxes()[0]!);
    await waitFor(() => expect(cell('2026-11-03')).not.toBeNull());
    await user.click(cell('2026-11-03'));
    // Seven days with both ends counted: the 9th is the last in reach, the 10th is not.
    await waitFor(() => expect(cell('2026-11-10')).toHaveClass('ant-picker-cell-disabled'));
    expect(cell('2026-11-09')).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell('2026-11-20')).toHaveClass('ant-picker-cell-disabled');
    await user.click(cell('2026-11-09'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['2026-11-03', '2026-11-09']));
  });
});

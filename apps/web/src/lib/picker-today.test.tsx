import { dayInZone, settingsCalls } from '@juqi/contract';
import { render, waitFor } from '@testing-library/react';
import { DatePicker } from 'antd';
import { describe, expect, it } from 'vitest';
import { answerOf, fakeApi } from '../test/fake-api';
import { usePickersOnPlatformTime } from './picker-today';
import { reloadSiteDetails } from './site-details';

function OpenPicker() {
  usePickersOnPlatformTime();
  return <DatePicker open />;
}

describe('the date pickers’ today', () => {
  it('is the platform’s today, whatever the browser’s zone', async () => {
    // Two zones 26 hours apart never share a date: at least one of them is not the browser's today.
    for (const time_zone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
      fakeApi({ 'GET /api/set/system_details': () => answerOf(settingsCalls.systemDetails, { pc_logo: '', website: '聚企中台', time_zone }) });
      await reloadSiteDetails();
      const { unmount } = render(<OpenPicker />);
      await waitFor(() => expect(document.querySelector('.ant-picker-cell-today')?.getAttribute('title'), time_zone).toBe(dayInZone(time_zone)));
      unmount();
    }
  });
});

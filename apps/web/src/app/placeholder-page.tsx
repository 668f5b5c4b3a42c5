import { settingsCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { callApi } from '../lib/api-client';

/** Shown for permitted paths whose screen is not built yet. */
export function PlaceholderPage() {
  const site = useQuery({ queryKey: ['system-details'], queryFn: () => callApi(settingsCalls.systemDetails) });
  return <Result status="info" title={site.data?.website ?? '\u00a0'} subTitle="功能内测中，敬请期待……" />;
}

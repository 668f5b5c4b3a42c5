import { Tabs } from 'antd';
import { useState } from 'react';
import { useMessages } from '../../../lib/i18n';
import { helpMessages } from '../messages';
import { FeatureIntroduction } from './feature-introduction';
import { ManualReader } from './manual-reader';
import { UpgradeTimeline } from './upgrade-timeline';
import '../help.css';

type Entry = 'introduction' | 'manual' | 'upgrade-log';

/**
 * The help drawer's content (§2.4): feature introduction, help manual and upgrade log. Each entry loads its data the
 * first time it is shown and keeps it while the drawer stays mounted.
 */
export function HelpPanel() {
  const t = useMessages(helpMessages);
  const [entry, setEntry] = useState<Entry>('introduction');
  return (
    <Tabs
      className="help-panel"
      activeKey={entry}
      onChange={(key) => setEntry(key as Entry)}
      aria-label={t.sections}
      items={[
        { key: 'introduction', label: t.introduction, children: <FeatureIntroduction /> },
        { key: 'manual', label: t.manual, children: <ManualReader /> },
        { key: 'upgrade-log', label: t.upgradeLog, children: <UpgradeTimeline /> },
      ]}
    />
  );
}

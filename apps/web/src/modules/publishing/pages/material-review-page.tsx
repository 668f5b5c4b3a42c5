import { material, MATERIAL_STATES } from '@juqi/contract';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { ResourcePage, type ResourcePageOptions } from '../../../components/resource/resource-page';
import { useMessages } from '../../../lib/i18n';
import { useResourceFilter } from '../../../lib/resource';
import { publishingMessages } from '../messages';
import { MATERIAL_REVIEW_PATH } from '../subjects';

function ReviewHint() {
  return <Alert className="publishing-review__hint" type="info" showIcon title={useMessages(publishingMessages).reviewHint} />;
}

const OPTIONS: ResourcePageOptions = { menu: MATERIAL_REVIEW_PATH, intro: <ReviewHint /> };

/**
 * 素材审核: the materials, opened on those waiting for review (a state chosen in the URL, or cleared, is kept), each
 * approved or rejected from its row or several at once.
 */
export function MaterialReviewPage() {
  const [filter, setFilter] = useResourceFilter(material);
  const unfiltered = filter.state === undefined && filter.keyword === undefined;
  // Only as the page opens: clearing the filters afterwards shows every material.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (unfiltered) setFilter({ state: [MATERIAL_STATES.reviewing] });
  }, [unfiltered, setFilter]);
  return <ResourcePage resource={material} options={OPTIONS} />;
}

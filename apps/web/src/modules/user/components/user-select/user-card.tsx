import type { UserSelectRow } from '@juqi/contract';
import { SafetyCertificateFilled } from '@ant-design/icons';
import { Descriptions, Tag, Typography } from 'antd';
import { UserAvatar } from '../../../../components/user-avatar';
import { useMessages } from '../../../../lib/i18n';
import { useCodes } from '../codes';
import { userSelectMessages } from './messages';

/** §3: authentication_state 2 is a verified (authenticated) user. */
export const isAuthenticated = (user: Pick<UserSelectRow, 'authentication_state'>) => user.authentication_state === 2;

export function AuthenticatedMark() {
  const t = useMessages(userSelectMessages);
  return (
    <Tag color="success" icon={<SafetyCertificateFilled />} className="user-select-authenticated">
      {t.authenticated}
    </Tag>
  );
}

/** The user card shown when a user's avatar is clicked (§2.4). */
export function UserCard({ user, levelName }: { user: UserSelectRow; levelName: string }) {
  const t = useMessages(userSelectMessages);
  const codes = useCodes();
  return (
    <div className="user-card" aria-label={user.name} role="dialog">
      <div className="user-card__head">
        <UserAvatar name={user.name} src={user.head_img_url} size={48} />
        <div className="user-card__title">
          <Typography.Text strong>{user.name}</Typography.Text>
          {isAuthenticated(user) && <AuthenticatedMark />}
        </div>
      </div>
      <Descriptions
        size="small"
        column={1}
        colon={false}
        items={[
          { key: 'id', label: t.id, children: user.id },
          { key: 'mobile', label: t.mobile, children: user.mobile },
          { key: 'type', label: t.typeLabel, children: codes.label('type_user', user.type_user) },
          { key: 'level', label: t.levelLabel, children: levelName },
        ]}
      />
    </div>
  );
}

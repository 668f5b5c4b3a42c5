import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '../lib/i18n';
import { commonMessages } from './messages';
import { useToldWrite } from './use-told-write';

export interface ConfirmedActionButtonProps {
  /** The question asked first. */
  confirm: string;
  onConfirm: () => Promise<unknown>;
  label: string;
  icon: ReactNode;
  /** Said once `onConfirm` has succeeded. */
  done: string;
}

/**
 * A row's irreversible action as a danger link: asks `confirm` first, then runs `onConfirm` and says `done`. A refusal
 * needs no handling here: the API client has already shown it (for instance a 40900 when the entry came into use
 * meanwhile).
 */
export function ConfirmedActionButton({ confirm, onConfirm, label, icon, done }: ConfirmedActionButtonProps) {
  const t = useMessages(commonMessages);
  const told = useToldWrite();
  return (
    <Popconfirm
      title={confirm}
      okText={label}
      cancelText={t.cancel}
      okButtonProps={{ danger: true }}
      onConfirm={() => told(onConfirm, done)}
    >
      <Button type="link" size="small" danger icon={icon}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** A row's delete link: asks `confirm` first, then runs `onDelete` and says 已删除. */
export function DeleteButton({ confirm, onDelete }: { confirm: string; onDelete: () => Promise<unknown> }) {
  const t = useMessages(commonMessages);
  return <ConfirmedActionButton confirm={confirm} onConfirm={onDelete} label={t.delete} icon={<DeleteOutlined />} done={t.deleted} />;
}

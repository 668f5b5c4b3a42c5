import { Descriptions, type DescriptionsProps } from 'antd';
import { useNarrowScreen } from './narrow-screen';
import './detail-list.css';

interface DetailListProps extends Omit<DescriptionsProps, 'column'> {
  /** Label / value pairs a row from 768 px; a phone always gets one. */
  column: number;
}

/**
 * Label / value details (antd's Descriptions) for every screen width: on a phone one pair a row, since two would squeeze
 * the labels to a character a line. Labels stay on one line and long values wrap. An item that takes the rest of its
 * row says `span="filled"`, which holds whatever the column count. Its items are `Descriptions.Item`s.
 */
export function DetailList({ column, className, ...props }: DetailListProps) {
  const narrow = useNarrowScreen();
  return <Descriptions {...props} column={narrow ? 1 : column} className={className ? `detail-list ${className}` : 'detail-list'} />;
}

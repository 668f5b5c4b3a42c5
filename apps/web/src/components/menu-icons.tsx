import {
  AccountBookOutlined,
  AimOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileAddOutlined,
  FileOutlined,
  FlagOutlined,
  FolderOutlined,
  GoldOutlined,
  HistoryOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  LoginOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';

/**
 * The antd icons a menu entry may name. Importing the whole icon set to look names up would add hundreds of KB to the
 * shell, so the names are listed: every icon of the seeded menu tree, plus the fallback.
 */
const icons: Record<string, ComponentType> = {
  AccountBookOutlined,
  AimOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileAddOutlined,
  FileOutlined,
  FlagOutlined,
  FolderOutlined,
  GoldOutlined,
  HistoryOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  LoginOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  UserSwitchOutlined,
};

/** Names a menu entry's `icon` may take (for an icon picker in the function settings). */
export const MENU_ICON_NAMES = Object.keys(icons);

/** The icon a menu entry names; entries with an unknown or empty name get a plain page icon when `fallback` is set. */
export function menuIcon(name: string, fallback = false): ReactNode {
  const Icon = icons[name] ?? (fallback ? FileOutlined : undefined);
  return Icon ? <Icon /> : undefined;
}

import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PictureOutlined,
  SoundOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { CSSProperties, ComponentType } from 'react';
import { fileIconGroup, type FileIconGroup } from '../lib/file-format';

const icons: Record<FileIconGroup, { Icon: ComponentType<{ style?: CSSProperties; 'aria-hidden'?: boolean }>; color: string }> = {
  image: { Icon: FileImageOutlined, color: '#13a8a8' },
  video: { Icon: VideoCameraOutlined, color: '#722ed1' },
  audio: { Icon: SoundOutlined, color: '#eb2f96' },
  excel: { Icon: FileExcelOutlined, color: '#389e0d' },
  word: { Icon: FileWordOutlined, color: '#1d39c4' },
  archive: { Icon: FileZipOutlined, color: '#d48806' },
  pdf: { Icon: FilePdfOutlined, color: '#cf1322' },
  ppt: { Icon: FilePptOutlined, color: '#d4380d' },
  text: { Icon: FileTextOutlined, color: '#595959' },
  psd: { Icon: PictureOutlined, color: '#0958d9' },
  tif: { Icon: FileImageOutlined, color: '#08979c' },
  other: { Icon: FileOutlined, color: '#8c8c8c' },
};

/** The icon of a file's type group (§5), from its name or extension. */
export function FileTypeIcon({ name, size = 20 }: { name: string; size?: number }) {
  const group = fileIconGroup(name);
  const { Icon, color } = icons[group];
  return (
    <span className={`file-type-icon file-type-icon--${group}`} data-group={group}>
      <Icon aria-hidden style={{ fontSize: size, color }} />
    </span>
  );
}

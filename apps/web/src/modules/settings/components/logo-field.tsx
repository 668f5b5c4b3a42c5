import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useMessages } from '../../../lib/i18n';
import { acceptFor, useUpload } from '../../../lib/upload';
import { settingsMessages } from '../messages';

interface LogoFieldProps {
  /** The logo's `/uploads/…` URL; empty for none. */
  value?: string;
  onChange?: (url: string) => void;
  disabled?: boolean;
}

/**
 * The site logo: the current picture, 上传 / 更换 and 移除. A picture goes through the upload tray as a public image
 * (the sign-in page shows it before anyone has a session); the setting itself changes when the form is saved.
 */
export function LogoField({ value = '', onChange, disabled }: LogoFieldProps) {
  const t = useMessages(settingsMessages);
  const upload = useUpload();
  const [uploading, setUploading] = useState(false);

  const choose = async (file: File) => {
    setUploading(true);
    try {
      const record = await upload(file, { type: 'img', module: 'logo' });
      if (record) onChange?.(record.url);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex vertical gap={8} align="flex-start">
      <div className="settings-logo">
        {value ? <img className="settings-logo__img" src={value} alt={t.logoAlt} /> : <Typography.Text type="secondary">{t.noLogo}</Typography.Text>}
      </div>
      {!disabled && (
        <Flex gap={8} wrap>
          <Upload accept={acceptFor('img')} showUploadList={false} beforeUpload={(file) => (void choose(file), false)}>
            {/* No id from the form's label: the button is named by what it says (上传 Logo), not by the label (Logo). */}
            <Button icon={<UploadOutlined />} loading={uploading}>
              {value ? t.replaceLogo : t.uploadLogo}
            </Button>
          </Upload>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
              {t.removeLogo}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}

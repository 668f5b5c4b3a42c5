import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useMessages } from '../../../lib/i18n';
import { acceptFor, useUpload } from '../../../lib/upload';
import { informMessages } from '../messages';

/** A picture for an image pop-up: uploaded through the upload tray; the value is its `/uploads/…` URL. */
export function ImageField({ value, onChange, id }: { value?: string; onChange?: (url: string) => void; id?: string }) {
  const t = useMessages(informMessages);
  const upload = useUpload();
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={8} align="flex-start">
      {value && <img src={value} alt="" className="inform-popup__img" style={{ maxHeight: 160 }} />}
      <Flex gap={8}>
        <Upload
          accept={acceptFor('img')}
          showUploadList={false}
          beforeUpload={(file) => {
            setBusy(true);
            void upload(file, { type: 'img', module: 'inform' })
              .then((record) => record && onChange?.(record.url))
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={busy}>
            {t.upload}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t.removeImg}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
